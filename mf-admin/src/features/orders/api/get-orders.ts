import { AdminOrderList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The list comes a page at a time (issue 18); these screens show all of it, so the pages are
 * followed to the end (no page repeats or misses a row, even if rows are added meanwhile).
 */
export const getOrders = async (signal?: AbortSignal): Promise<AdminOrderList> => {
  const first = await api.get("/api/admin/orders", AdminOrderList, { signal });
  const orders = [...first.orders];
  let cursor = first.next_cursor;
  while (cursor) {
    const page = await api.get(
      `/api/admin/orders?cursor=${encodeURIComponent(cursor)}`,
      AdminOrderList,
      { signal },
    );
    orders.push(...page.orders);
    cursor = page.next_cursor;
  }
  return { orders, next_cursor: null };
};

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.admin,
    queryFn: ({ signal }) => getOrders(signal),
    select: (data) => data.orders,
  });

/** SPEC §7: every order with profile, product name and services. */
export const useOrders = () => useQuery(ordersQueryOptions());
