import type { DeleteFactorBody } from "@contracts/factors.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * DELETE /api/auth/factors/{id} → 204. A verified factor needs an aal2 session and fresh proof in
 * the body (password, code or passkey); an unverified one (an abandoned set-up) goes without.
 */
export const deleteFactor = (factorId: string, body?: DeleteFactorBody) =>
  api.request(`/api/auth/factors/${factorId}`, { method: "DELETE", body });

export const useDeleteFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { factorId: string; body?: DeleteFactorBody }) =>
      deleteFactor(v.factorId, v.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mfa.factors }),
  });
};
