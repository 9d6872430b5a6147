import { IDEMPOTENCY_HEADER, OrderResult } from "@contracts/shop.ts";
import { api } from "@hosting-portal/shared-ui";
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
    onSuccess: async () => {
      // Balance, the orders list, and services a lapsed order had suspended (side navigation).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["account"] }),
        queryClient.invalidateQueries({ queryKey: ["shop", "orders"] }),
        queryClient.invalidateQueries({ queryKey: ["services"] }),
      ]);
    },
  });
};
