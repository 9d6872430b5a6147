import { EmailVerificationStatus, recoveryMessages } from "@contracts/recovery.ts";
import { ApiError, api, Button, toast } from "@hosting-portal/shared-ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { emailVerificationKey, emailVerificationQuery } from "./verification-query";
import * as styles from "./verify-email-banner.css";

/**
 * Shown in the frame until the address is verified, with 'Resend'. Nothing else waits
 * for verification (the SPEC knows none); a failed status check shows no banner.
 */
export function VerifyEmailBanner() {
  const queryClient = useQueryClient();
  const { data } = useQuery(emailVerificationQuery);
  const [pending, setPending] = useState(false);
  if (!data || data.verified) return null;

  const resend = async () => {
    setPending(true);
    try {
      const status = await api.post(
        "/api/auth/email-verification",
        undefined,
        EmailVerificationStatus,
      );
      queryClient.setQueryData(emailVerificationKey, status);
      if (!status.verified) toast.success(recoveryMessages.verificationSent);
    } catch (err) {
      toast.error("Error", err instanceof ApiError ? err.message : "Could not send the link");
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={styles.banner} aria-label="Email verification">
      <p>{recoveryMessages.verifyBanner}</p>
      <Button variant="secondary" size="sm" isPending={pending} onPress={resend}>
        Resend
      </Button>
    </section>
  );
}
