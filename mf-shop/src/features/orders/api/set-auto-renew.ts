import { AutoRenewState } from "@contracts/auto-renew.ts";
import { api } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { autoRenewQueryKey } from "./get-auto-renew";

export interface SetAutoRenewInput {
  orderId: string;
  enabled: boolean;
}

/** PUT /api/shop/orders/:id/auto-renew — the order's auto-renew switch. */
export const setAutoRenew = ({ orderId, enabled }: SetAutoRenewInput) =>
  api.put(
    `/api/shop/orders/${encodeURIComponent(orderId)}/auto-renew`,
    { enabled },
    AutoRenewState,
  );

export const useSetAutoRenew = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onSettled: () => queryClient.invalidateQueries({ queryKey: autoRenewQueryKey }),
  });
};
