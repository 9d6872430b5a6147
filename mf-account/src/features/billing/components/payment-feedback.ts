import { billingMessages as msg } from "@contracts/billing.ts";
import { ErrorCode } from "@contracts/errors.ts";
import { ApiError, contractMessage, toast } from "@hosting-portal/shared-ui";

/** SPEC §8 toasts for a failed order creation; a refused amount reads 'Invalid Amount'. */
export function showCreateError(err: unknown) {
  if (err instanceof ApiError && err.code === ErrorCode.validation) {
    toast.error(contractMessage(msg.invalidAmountTitle), err.message);
  } else if (err instanceof ApiError && err.code === ErrorCode.providerFailed) {
    toast.error(contractMessage(msg.orderCreationFailed), contractMessage(msg.initiateFailed));
  } else {
    toast.error(contractMessage(msg.paymentErrorTitle), contractMessage(msg.initiateFailed));
  }
}

/** SPEC §8 toasts for a failed capture, by the API's error code. */
export function showCaptureError(err: unknown) {
  const code = err instanceof ApiError ? err.code : null;
  // The API reads an unanswered capture back from PayPal on its own and credits it if it was taken.
  if (code === ErrorCode.providerFailed)
    toast.error(contractMessage(msg.captureFailed), contractMessage(msg.captureRecovering));
  else if (code === ErrorCode.paymentExpired)
    toast.error(contractMessage(msg.notCompleted), contractMessage(msg.orderExpired));
  else if (code === ErrorCode.paymentNotCompleted || code === ErrorCode.instrumentDeclined) {
    toast.error(contractMessage(msg.notCompleted));
  } else if (code === ErrorCode.internal)
    toast.error(contractMessage(msg.paymentErrorTitle), contractMessage(msg.balanceUpdateFailed));
  else toast.error(contractMessage(msg.paymentErrorTitle), contractMessage(msg.paymentError));
}
