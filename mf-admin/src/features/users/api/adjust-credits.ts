import { adminMessages, CreditAdjustmentResult, type CreditOperation } from "@contracts/admin.ts";
import { IDEMPOTENCY_HEADER } from "@contracts/shop.ts";
import { api } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

/**
 * The server adds or removes atomically (removal floors at 0) and reports the delta applied. The
 * key is the dialog's: a double submit or a retry after a lost answer changes the balance once.
 */
export const adjustCredits = (v: {
  userId: string;
  operation: CreditOperation;
  amount: string;
  idempotencyKey: string;
}) =>
  api.post(
    `/api/admin/users/${v.userId}/credits`,
    { operation: v.operation, amount: v.amount },
    CreditAdjustmentResult,
    { headers: { [IDEMPOTENCY_HEADER]: v.idempotencyKey } },
  );

export const useAdjustCredits = () =>
  useAdminMutation(adjustCredits, adminMessages.updateCreditsFailed);
