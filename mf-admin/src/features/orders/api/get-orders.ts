import { AdminOrderList } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getOrders = (signal?: AbortSignal) =>
  api.get("/api/admin/orders", AdminOrderList, { signal });

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "orders"] as const,
    queryFn: ({ signal }) => getOrders(signal),
    select: (data) => data.orders,
  });

/** SPEC §7: every order with profile, product name and services. */
export const useOrders = () => useQuery(ordersQueryOptions());
