import { ApiError, queryClient, toast } from "@hosting-portal/shared-ui";
import { type QueryKey, useMutation } from "@tanstack/react-query";

/**
 * Admin writes cascade across screens (an order's status changes its services, removing a user
 * removes their orders), so every admin write refreshes every admin list, the top bar balance and
 * the caller's own 'My Services'. Failures show the SPEC §8 title with the server's message.
 */
const affected: QueryKey[] = [["admin"], ["account"], ["services"]];

export function useAdminMutation<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  failureTitle: string,
) {
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all(affected.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toast.error(failureTitle, error instanceof ApiError ? error.message : "Please try again.");
    },
  });
}
