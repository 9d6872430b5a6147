import { ErrorCode } from "@contracts/errors.ts";
import { serviceMessages } from "@contracts/services.ts";
import { ApiError, toast } from "@hosting-portal/shared-ui";

/**
 * SPEC §8 toasts for the service pages, chosen by the API's error code. Returns true when the
 * page must leave for the dashboard (the service is not the caller's, or it cannot be opened:
 * suspended, failed or terminated).
 */
export function reportServiceError(err: unknown): { leave: boolean } {
  if (!(err instanceof ApiError)) {
    toast.error("Error", "Something went wrong. Please try again.");
    return { leave: false };
  }
  switch (err.code) {
    case ErrorCode.notFound:
      toast.error(serviceMessages.notFound);
      return { leave: true };
    case ErrorCode.serviceSuspended:
      toast.error(serviceMessages.suspendedTitle, serviceMessages.suspended);
      return { leave: true };
    case ErrorCode.serviceNotControllable:
      toast.error(serviceMessages.notAvailableTitle, serviceMessages.notAvailable);
      return { leave: false };
    case ErrorCode.validation:
      toast.error("Validation Error", err.message);
      return { leave: false };
    default:
      // Any other refusal of the service (a failed or terminated one, with the API's
      // serviceMessages.notActive) is the suspended case again: nothing on the page can be used.
      if (err.status === 403) {
        toast.error(serviceMessages.suspendedTitle, err.message);
        return { leave: true };
      }
      toast.error(err.message);
      return { leave: false };
  }
}
