import { AdminOrderList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getOrders = (signal?: AbortSignal) =>
  api.get("/api/admin/orders", AdminOrderList, { signal });

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.admin,
    queryFn: ({ signal }) => getOrders(signal),
    select: (data) => data.orders,
  });

/** SPEC §7: every order with profile, product name and services. */
export const useOrders = () => useQuery(ordersQueryOptions());
