import { BillingDetails, type BillingDetailsBody } from "@contracts/invoices.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** PUT /api/account/billing-details: saves the details, answers what was saved (422 on bad input). */
export const saveBillingDetails = (body: BillingDetailsBody) =>
  api.put("/api/account/billing-details", body, BillingDetails);

export const useSaveBillingDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.billing.details, saved),
  });
};
