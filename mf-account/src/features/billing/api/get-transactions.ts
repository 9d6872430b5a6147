import { TransactionsResponse } from "@contracts/billing.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getTransactions = (limit = 50, signal?: AbortSignal) =>
  api.get(`/api/billing/transactions?limit=${limit}`, TransactionsResponse, { signal });

// Under queryKeys.account.all, so that every money movement's invalidation refreshes the history.
export const transactionsQueryOptions = (limit = 50) =>
  queryOptions({
    queryKey: queryKeys.account.transactions(limit),
    queryFn: ({ signal }) => getTransactions(limit, signal),
  });

export const useTransactions = (limit = 50) => useQuery(transactionsQueryOptions(limit));
