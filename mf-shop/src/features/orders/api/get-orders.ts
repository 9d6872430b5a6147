import { OrderList } from "@contracts/shop.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

/** Orders per page ("Load more" asks for the next one). */
export const ORDERS_PAGE = 50;

/** GET /api/shop/orders: one page of the caller's orders, newest first, after `cursor`. */
export const getOrders = (cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(ORDERS_PAGE) });
  if (cursor) params.set("cursor", cursor);
  return api.get(`/api/shop/orders?${params}`, OrderList, { signal });
};

// The live `orders` topic and the purchase and renewal invalidate this key: the loaded pages are
// read again from the first, each from the new previous page's cursor, so none is lost or doubled.
export const ordersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.mine,
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.orders),
  });

export const useOrders = () => useInfiniteQuery(ordersQueryOptions());
