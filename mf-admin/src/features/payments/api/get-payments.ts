import { AttentionList } from "@contracts/payments-attention.ts";
import { api } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Beside the provider's keys: only this page reads it, so it is not in shared-ui's queryKeys. */
export const paymentsKey = ["admin", "payments"] as const;

export const getPayments = (signal?: AbortSignal) =>
  api.get("/api/admin/payments", AttentionList, { signal });

export const paymentsQueryOptions = () =>
  queryOptions({
    queryKey: paymentsKey,
    queryFn: ({ signal }) => getPayments(signal),
    // Webhooks and the reconciler add items in the API's background: an open page polls.
    staleTime: 0,
    refetchInterval: 30_000,
  });

/** PayPal payments needing attention, open first, then those closed in the last 30 days. */
export const usePayments = () => useQuery(paymentsQueryOptions());
