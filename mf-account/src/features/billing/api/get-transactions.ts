import { TransactionsResponse } from "@contracts/billing.ts";
import { api } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getTransactions = (limit = 50, signal?: AbortSignal) =>
  api.get(`/api/billing/transactions?limit=${limit}`, TransactionsResponse, { signal });

// Under ["account"] so that every money movement's invalidation refreshes the history too.
export const transactionsQueryOptions = (limit = 50) =>
  queryOptions({
    queryKey: ["account", "transactions", limit] as const,
    queryFn: ({ signal }) => getTransactions(limit, signal),
  });

export const useTransactions = (limit = 50) => useQuery(transactionsQueryOptions(limit));
