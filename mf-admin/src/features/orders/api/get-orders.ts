import { AdminOrderList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ListQuery, listPath } from "../../../lib/admin-list";
import { fetchAllRows, useListPages } from "../../../lib/admin-list-query";

/** One page of orders matching `query` (see AdminOrderQuery), after `cursor`. */
export const getOrderPage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/orders", query, cursor), AdminOrderList, { signal });

/** SPEC §7: orders with profile, product name and services, newest first, a page at a time. */
export const useOrderPages = (query: ListQuery) =>
  useListPages(queryKeys.orders.admin, getOrderPage, query);

/**
 * Every order: the Link order dialog's picker (it keeps the service owner's). Asking for the
 * owner's orders only (`q` = their email) would scale to a large customer base.
 */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.admin,
    queryFn: ({ signal }) => fetchAllRows(getOrderPage, (page) => page.orders, signal),
  });

export const useOrders = () => useQuery(ordersQueryOptions());
