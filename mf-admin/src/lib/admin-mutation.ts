import {
  ApiError,
  contractMessage,
  invalidateKeys,
  queryKeys,
  toast,
} from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { messages } from "../i18n";

/**
 * Admin writes cascade across screens and apps (an order's status changes its services, removing
 * a user removes their orders and with them products' order counts, every write adds an audit
 * row), so every admin write invalidates every resource an admin can change, by its `.all`
 * prefix (shared-ui query keys): the admin tables and the customer pages showing the same data in
 * this browser (the shop's product lists, 'My Orders', 'My Services', the top bar balance) alike.
 * Only the queries on screen refetch; the others are marked stale and refetch when next shown.
 */
export const adminWriteInvalidates = [
  queryKeys.products.all,
  queryKeys.orders.all,
  queryKeys.services.all,
  queryKeys.users.all,
  queryKeys.audit.all,
  queryKeys.account.all,
] as const;

/**
 * An admin write: invalidates `adminWriteInvalidates` once it succeeds; a failure shows the SPEC §8
 * title with the server's message. The title is in the page's language: a contract's message
 * (`adminMessages.updateCreditsFailed`) through its id, else as the caller translated it.
 */
export function useAdminMutation<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  failureTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateKeys(queryClient, adminWriteInvalidates),
    onError: (error) => {
      toast.error(
        contractMessage(failureTitle),
        error instanceof ApiError ? error.message : messages.t("mutation.tryAgain"),
      );
    },
  });
}
