import { serviceMessages } from "@contracts/services.ts";
import { ApiError, toast } from "@hosting-portal/shared-ui";

/**
 * SPEC §8 toasts for the service pages, chosen by the API's error code. Returns true when the
 * page must leave for the dashboard (the service is not the caller's, or it is suspended).
 */
export function reportServiceError(err: unknown): { leave: boolean } {
  if (!(err instanceof ApiError)) {
    toast.error("Error", "Something went wrong. Please try again.");
    return { leave: false };
  }
  switch (err.code) {
    case "not_found":
      toast.error(serviceMessages.notFound);
      return { leave: true };
    case "service_suspended":
      toast.error(serviceMessages.suspendedTitle, serviceMessages.suspended);
      return { leave: true };
    case "service_not_controllable":
      toast.error(serviceMessages.notAvailableTitle, serviceMessages.notAvailable);
      return { leave: false };
    case "validation_error":
      toast.error("Validation Error", err.message);
      return { leave: false };
    default:
      toast.error(err.message);
      return { leave: false };
  }
}
