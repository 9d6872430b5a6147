import { AutoRenewList } from "@contracts/auto-renew.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * Under the orders prefix on purpose: whatever invalidates the caller's orders (a renewal, the
 * live `orders` topic) refreshes the switches too.
 */
export const autoRenewQueryKey = [...queryKeys.orders.mine, "auto-renew"] as const;

/** GET /api/shop/orders/auto-renew — the ids of the caller's orders with auto-renew on. */
export const getAutoRenew = (signal?: AbortSignal) =>
  api.get("/api/shop/orders/auto-renew", AutoRenewList, { signal });

export const autoRenewQueryOptions = () =>
  queryOptions({
    queryKey: autoRenewQueryKey,
    queryFn: ({ signal }) => getAutoRenew(signal),
    select: (data) => new Set(data.order_ids),
  });

export const useAutoRenew = () => useQuery(autoRenewQueryOptions());
