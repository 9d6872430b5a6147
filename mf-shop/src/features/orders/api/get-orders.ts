import { OrderList } from "@contracts/shop.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/shop/orders — the caller's orders, newest first. */
export const getOrders = (signal?: AbortSignal) =>
  api.get("/api/shop/orders", OrderList, { signal });

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.mine,
    queryFn: ({ signal }) => getOrders(signal),
    select: (data) => data.orders,
  });

export const useOrders = () => useQuery(ordersQueryOptions());
