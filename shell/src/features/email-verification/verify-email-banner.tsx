import { EmailVerificationStatus, recoveryMessages } from "@contracts/recovery.ts";
import { ApiError, api, Button, contractMessage, toast } from "@hosting-portal/shared-ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../i18n";
import * as styles from "../layout/components/frame-banner.css";
import { emailVerificationKey, emailVerificationQuery } from "./verification-query";

/**
 * Shown in the frame until the address is verified, with 'Resend'. Nothing else waits
 * for verification (the SPEC knows none); a failed status check shows no banner.
 */
export function VerifyEmailBanner() {
  const queryClient = useQueryClient();
  const t = useT();
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
      if (!status.verified) toast.success(contractMessage(recoveryMessages.verificationSent));
    } catch (err) {
      toast.error(t("error"), err instanceof ApiError ? err.message : t("auth.linkFailed"));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={styles.banner} aria-label={t("verify.label")}>
      <p>{contractMessage(recoveryMessages.verifyBanner)}</p>
      <Button variant="secondary" size="sm" isPending={pending} onPress={resend}>
        {t("verify.resend")}
      </Button>
    </section>
  );
}
