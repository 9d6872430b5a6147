import { EmailVerificationStatus } from "@contracts/recovery.ts";
import { api } from "@hosting-portal/shared-ui";

/** The signed-in user's verification state (the frame's banner reads it). */
export const emailVerificationKey = ["auth", "email-verification"] as const;

export const emailVerificationQuery = {
  queryKey: emailVerificationKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get("/api/auth/email-verification", EmailVerificationStatus, { signal }),
  staleTime: 60_000,
};
