import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** DELETE /api/auth/factors/{id} → 204; a verified factor needs an aal2 session. */
export const deleteFactor = (factorId: string) => api.delete(`/api/auth/factors/${factorId}`);

export const useDeleteFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mfa.factors }),
  });
};
