import { EnrolledFactor, type EnrollFactorBody } from "@contracts/factors.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "shared-ui";

/** POST /api/auth/factors → 201; a TOTP factor comes with its secret, URI and QR code (shown once). */
export const enrollFactor = (body: EnrollFactorBody) =>
  api.post("/api/auth/factors", body, EnrolledFactor);

export const useEnrollFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["mfa", "factors"] }),
  });
};
