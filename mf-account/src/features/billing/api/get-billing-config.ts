import { BillingConfig } from "@contracts/billing.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getBillingConfig = (signal?: AbortSignal) =>
  api.get("/api/billing/config", BillingConfig, { signal });

export const billingConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.config,
    queryFn: ({ signal }) => getBillingConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Whether the page shows PayPal's buttons (with credentials) or the sandbox checkout. */
export const useBillingConfig = () => useQuery(billingConfigQueryOptions());
