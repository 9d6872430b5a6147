import { EnrolledFactor, type EnrollFactorBody } from "@contracts/factors.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** POST /api/auth/factors → 201; a TOTP factor comes with its secret, URI and QR code (shown once). */
export const enrollFactor = (body: EnrollFactorBody) =>
  api.post("/api/auth/factors", body, EnrolledFactor);

export const useEnrollFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mfa.factors }),
  });
};
