import { AdminOrderList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { type ListQuery, listPath } from "../../../lib/admin-list";

/** One page of orders matching `query` (see AdminOrderQuery), after `cursor`. */
export const getOrderPage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/orders", query, cursor), AdminOrderList, { signal });

/**
 * The pages loaded so far, under the admin orders key: an admin write invalidates it, and React
 * Query then refetches every loaded page in place (the list keeps its length and scroll).
 */
export const orderPagesQueryOptions = (query: ListQuery) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.orders.admin, "pages", query],
    queryFn: ({ pageParam, signal }) => getOrderPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/**
 * SPEC §7: orders with profile, product name and services, newest first, a page at a time; a new
 * search keeps the old rows until it answers.
 */
export const useOrderPages = (query: ListQuery) =>
  useInfiniteQuery({ ...orderPagesQueryOptions(query), placeholderData: keepPreviousData });

/**
 * Every order, all pages followed to the end: the Link order dialog's picker (it keeps the
 * service owner's). It does not scale to a large customer base (issue 18); asking for the owner's
 * orders only (`q` = their email) would.
 */
export const getOrders = async (signal?: AbortSignal): Promise<AdminOrderList> => {
  const orders: AdminOrderList["orders"] = [];
  let cursor: string | null = null;
  do {
    const page: AdminOrderList = await getOrderPage({}, cursor, signal);
    orders.push(...page.orders);
    cursor = page.next_cursor;
  } while (cursor);
  return { orders, next_cursor: null };
};

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.admin,
    queryFn: ({ signal }) => getOrders(signal),
    select: (data) => data.orders,
  });

export const useOrders = () => useQuery(ordersQueryOptions());
