import { billingMessages as msg, RELOAD_AFTER_PAYMENT_MS } from "@contracts/billing.ts";
import { formatMoney, queryKeys, toast } from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { captureOrder } from "../api/capture-order";
import { showCaptureError } from "./payment-feedback";

/**
 * Captures an approved order through the API (which credits it once) and finishes the SPEC §4
 * payment flow: success toast, fresh balance in the top bar, page reload after 1.5 s.
 * Resolves "declined" when the buyer should pick another funding source.
 */
export function useCompletePayment() {
  const queryClient = useQueryClient();
  return useCallback(
    async (orderId: string): Promise<"paid" | "declined" | "failed"> => {
      try {
        const result = await captureOrder(orderId);
        toast.success(msg.success, `${formatMoney(result.amount)} EUR added to your balance.`);
        await queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_PAYMENT_MS);
        return "paid";
      } catch (err) {
        showCaptureError(err);
        return err instanceof Error && "code" in err && err.code === "instrument_declined"
          ? "declined"
          : "failed";
      }
    },
    [queryClient],
  );
}
