import { ErrorCode } from "@contracts/errors.ts";
import { serviceMessages } from "@contracts/services.ts";
import { ApiError, contractMessage, toast } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";

/**
 * SPEC §8 toasts for the service pages, chosen by the API's error code. Returns true when the
 * page must leave for the dashboard (the service is not the caller's, or it cannot be opened:
 * suspended, failed or terminated).
 */
export function reportServiceError(err: unknown): { leave: boolean } {
  const { t } = messages;
  const c = contractMessage;
  if (!(err instanceof ApiError)) {
    toast.error(t("error.title"), t("error.generic"));
    return { leave: false };
  }
  switch (err.code) {
    case ErrorCode.notFound:
      toast.error(c(serviceMessages.notFound));
      return { leave: true };
    case ErrorCode.serviceSuspended:
      toast.error(c(serviceMessages.suspendedTitle), c(serviceMessages.suspended));
      return { leave: true };
    case ErrorCode.serviceNotControllable:
      toast.error(c(serviceMessages.notAvailableTitle), c(serviceMessages.notAvailable));
      return { leave: false };
    case ErrorCode.validation:
      toast.error(t("error.validation"), err.message);
      return { leave: false };
    default:
      // Any other refusal of the service (a failed or terminated one, with the API's
      // serviceMessages.notActive) is the suspended case again: nothing on the page can be used.
      if (err.status === 403) {
        toast.error(c(serviceMessages.suspendedTitle), err.message);
        return { leave: true };
      }
      toast.error(err.message);
      return { leave: false };
  }
}
