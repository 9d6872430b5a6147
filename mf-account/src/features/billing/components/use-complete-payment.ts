import { billingMessages as msg, RELOAD_AFTER_PAYMENT_MS } from "@contracts/billing.ts";
import { ErrorCode } from "@contracts/errors.ts";
import { ApiError, contractMessage, formatEur, queryKeys, toast } from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { messages } from "../../../i18n";
import { captureOrder } from "../api/capture-order";
import { showCaptureError } from "./payment-feedback";

/**
 * Captures an approved order through the API (which credits it once) and finishes the SPEC §4
 * payment flow: success toast, fresh balance in the top bar, page reload after 1.5 s.
 * Resolves "declined" when the buyer should pick another funding source, "pending" when PayPal
 * holds the payment (credited when it completes, without the page).
 */
export function useCompletePayment() {
  const queryClient = useQueryClient();
  return useCallback(
    async (orderId: string): Promise<"paid" | "pending" | "declined" | "failed"> => {
      try {
        const result = await captureOrder(orderId);
        if (result.status === "PENDING") {
          // PayPal holds the payment (eCheck, review): it is credited when it completes. Paying
          // again would be charged twice, so nothing here invites it.
          toast.info(contractMessage(msg.pendingTitle), contractMessage(msg.pending));
          await queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
          return "pending";
        }
        toast.success(
          contractMessage(msg.success),
          messages.t("charge.added", { amount: formatEur(result.amount) }),
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_PAYMENT_MS);
        return "paid";
      } catch (err) {
        showCaptureError(err);
        return err instanceof ApiError && err.code === ErrorCode.instrumentDeclined
          ? "declined"
          : "failed";
      }
    },
    [queryClient],
  );
}
