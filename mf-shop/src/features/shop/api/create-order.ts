import { IDEMPOTENCY_HEADER, OrderResult } from "@contracts/shop.ts";
import { api, invalidateKeys, queryKeys } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export interface CreateOrderInput {
  productId: string;
  idempotencyKey: string;
}

/** POST /api/shop/orders — the API debits, creates the order and records it, all or nothing. */
export const createOrder = ({ productId, idempotencyKey }: CreateOrderInput) =>
  api.post("/api/shop/orders", { product_id: productId }, OrderResult, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // The top bar balance and history (the live event also updates them) and the orders lists.
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.account.all, queryKeys.orders.all]),
  });
};
