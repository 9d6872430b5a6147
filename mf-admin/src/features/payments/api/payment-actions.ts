import { AttentionList } from "@contracts/payments-attention.ts";
import { api } from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";
import { paymentsKey } from "./get-payments";

/**
 * Each action answers the whole list as it stands afterwards, written into the page's cache; the
 * usual admin invalidations follow (a hand credit changes a balance and the ledger).
 */
function usePaymentAction<TVars>(call: (vars: TVars) => Promise<AttentionList>, failure: string) {
  const queryClient = useQueryClient();
  return useAdminMutation(async (vars: TVars) => {
    const list = await call(vars);
    queryClient.setQueryData(paymentsKey, list);
    return list;
  }, failure);
}

/** Refunds a mismatched capture at PayPal; the API keeps one PayPal-Request-Id per item. */
export const useRefundPayment = () =>
  usePaymentAction(
    (id: string) => api.post(`/api/admin/payments/${id}/refund`, undefined, AttentionList),
    messages.t("payments.refundFailed"),
  );

export const useCreditPayment = () =>
  usePaymentAction(
    ({ id, amount }: { id: string; amount: string }) =>
      api.post(`/api/admin/payments/${id}/credit`, { amount }, AttentionList),
    messages.t("payments.creditFailed"),
  );

export const useClosePayment = () =>
  usePaymentAction(
    ({ id, note }: { id: string; note: string }) =>
      api.post(`/api/admin/payments/${id}/close`, { note }, AttentionList),
    messages.t("payments.closeFailed"),
  );
