import { BillingDetails } from "@contracts/invoices.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/account/billing-details: what the caller's invoices name them by (all null at first). */
export const getBillingDetails = (signal?: AbortSignal) =>
  api.get("/api/account/billing-details", BillingDetails, { signal });

export const billingDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.details,
    queryFn: ({ signal }) => getBillingDetails(signal),
  });

export const useBillingDetails = () => useQuery(billingDetailsQueryOptions());
