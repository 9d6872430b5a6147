import { adminMessages, CreditAdjustmentResult, type CreditOperation } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** The server adds or removes atomically (removal floors at 0) and reports the delta applied. */
export const adjustCredits = (v: { userId: string; operation: CreditOperation; amount: string }) =>
  api.post(
    `/api/admin/users/${v.userId}/credits`,
    { operation: v.operation, amount: v.amount },
    CreditAdjustmentResult,
  );

export const useAdjustCredits = () =>
  useAdminMutation(adjustCredits, adminMessages.updateCreditsFailed);
