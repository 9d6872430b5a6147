import { billingMessages as msg } from "@contracts/billing.ts";
import { ErrorCode } from "@contracts/errors.ts";
import { ApiError, toast } from "@hosting-portal/shared-ui";

/** SPEC §8 toasts for a failed order creation; a refused amount reads 'Invalid Amount'. */
export function showCreateError(err: unknown) {
  if (err instanceof ApiError && err.code === ErrorCode.validation) {
    toast.error(msg.invalidAmountTitle, err.message);
  } else if (err instanceof ApiError && err.code === ErrorCode.providerFailed) {
    toast.error(msg.orderCreationFailed, msg.initiateFailed);
  } else {
    toast.error(msg.paymentErrorTitle, msg.initiateFailed);
  }
}

/** SPEC §8 toasts for a failed capture, by the API's error code. */
export function showCaptureError(err: unknown) {
  const code = err instanceof ApiError ? err.code : null;
  // The API reads an unanswered capture back from PayPal on its own and credits it if it was taken.
  if (code === ErrorCode.providerFailed) toast.error(msg.captureFailed, msg.captureRecovering);
  else if (code === ErrorCode.paymentExpired) toast.error(msg.notCompleted, msg.orderExpired);
  else if (code === ErrorCode.paymentNotCompleted || code === ErrorCode.instrumentDeclined) {
    toast.error(msg.notCompleted);
  } else if (code === ErrorCode.internal)
    toast.error(msg.paymentErrorTitle, msg.balanceUpdateFailed);
  else toast.error(msg.paymentErrorTitle, msg.paymentError);
}
