import { PaymentNotices } from "@contracts/billing.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/billing/payment-notices: credits held by disputes, top-ups PayPal denied. */
export const getPaymentNotices = (signal?: AbortSignal) =>
  api.get("/api/billing/payment-notices", PaymentNotices, { signal });

// Under account.all like the transactions: every money movement refreshes it with the balance.
export const paymentNoticesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.paymentNotices,
    queryFn: ({ signal }) => getPaymentNotices(signal),
  });

export const usePaymentNotices = () => useQuery(paymentNoticesQueryOptions());
