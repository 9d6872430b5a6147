import { Session } from "@contracts/auth.ts";
import { Challenge } from "@contracts/factors.ts";
import { api, queryKeys, session } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export const challengeFactor = (factorId: string) =>
  api.post(`/api/auth/factors/${factorId}/challenge`, undefined, Challenge);

/**
 * Challenge then verify, with the proof computed from the challenge (a TOTP code, or the passkey
 * ceremony's response). A verify raises this session to aal2 and returns a new pair, which the
 * session store adopts (MFA_CHALLENGE_VERIFIED).
 */
export async function verifyFactor(
  factorId: string,
  proof: (challenge: Challenge) => Promise<{ code: string } | { webauthn: object }>,
): Promise<Session> {
  const challenge = await challengeFactor(factorId);
  const body = { challenge_id: challenge.id, ...(await proof(challenge)) };
  const next = await api.post(`/api/auth/factors/${factorId}/verify`, body, Session);
  session.completeMfa(next);
  return next;
}

export const useVerifyFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { factorId: string; proof: Parameters<typeof verifyFactor>[1] }) =>
      verifyFactor(v.factorId, v.proof),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mfa.factors }),
  });
};
