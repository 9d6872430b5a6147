import { TransactionsResponse } from "@contracts/billing.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

/** Transactions per page ("Load more" asks for the next one). */
export const TRANSACTIONS_PAGE = 50;

/** GET /api/billing/transactions: one page, newest first, after `cursor` (null: the first). */
export const getTransactions = (cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE) });
  if (cursor) params.set("cursor", cursor);
  return api.get(`/api/billing/transactions?${params}`, TransactionsResponse, { signal });
};

// Under queryKeys.account.all, so that every money movement's invalidation refreshes the history.
// A refetch reads the loaded pages again from the first, each from the new previous page's
// cursor, so a new entry at the top cannot hide one at a page boundary.
export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.account.transactions(TRANSACTIONS_PAGE),
    queryFn: ({ pageParam, signal }) => getTransactions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());
