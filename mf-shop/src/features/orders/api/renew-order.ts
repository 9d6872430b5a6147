import { IDEMPOTENCY_HEADER, OrderResult } from "@contracts/shop.ts";
import { api, invalidateKeys, queryKeys } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export interface RenewOrderInput {
  orderId: string;
  idempotencyKey: string;
}

/** POST /api/shop/orders/:id/renew — debit, new expiry and reactivated services in one go. */
export const renewOrder = ({ orderId, idempotencyKey }: RenewOrderInput) =>
  api.post(`/api/shop/orders/${encodeURIComponent(orderId)}/renew`, undefined, OrderResult, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export const useRenewOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewOrder,
    // Balance, the orders lists, and services a lapsed order had suspended (side navigation).
    onSuccess: () =>
      invalidateKeys(queryClient, [
        queryKeys.account.all,
        queryKeys.orders.all,
        queryKeys.services.all,
      ]),
  });
};
