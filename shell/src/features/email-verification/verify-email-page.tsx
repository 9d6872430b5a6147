import { EmailVerificationStatus, recoveryMessages } from "@contracts/recovery.ts";
import { useSearchParams } from "@hosting-portal/router";
import { ApiError, api, Card, contractMessage, Link, useSession } from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import * as styles from "../auth/components/auth-layout.css";
import { messages, useT } from "../auth/i18n";
import { emailVerificationKey } from "./verification-query";

type State = { kind: "verifying" } | { kind: "verified" } | { kind: "failed"; message: string };

/**
 * The page a verification link opens (/auth/verify-email?token=...), signed in or not
 * (the link may be opened in another browser): it confirms the token once and says how it went.
 */
export default function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const signedIn = useSession() !== null;
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: "verifying" });
  // One confirmation per token, even when React runs the effect twice (development).
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    if (confirmed.current === token) return;
    confirmed.current = token;
    if (!token) {
      setState({ kind: "failed", message: recoveryMessages.verificationLinkInvalid });
      return;
    }
    api
      .post("/api/auth/email-verification/confirm", { token }, EmailVerificationStatus)
      .then((status) => {
        queryClient.setQueryData(emailVerificationKey, status);
        setState({ kind: "verified" });
      })
      .catch((err) =>
        setState({
          kind: "failed",
          message: err instanceof ApiError ? err.message : messages.t("auth.verify.failed"),
        }),
      );
  }, [token, queryClient]);

  return (
    <Card>
      <div>
        <h1 className={styles.title}>{t("auth.verify.title")}</h1>
      </div>
      {state.kind === "verifying" && <p role="status">{t("auth.verify.verifying")}</p>}
      {state.kind === "verified" && (
        <p role="status">{contractMessage(recoveryMessages.emailVerified)}</p>
      )}
      {state.kind === "failed" && <p role="alert">{contractMessage(state.message)}</p>}
      <p className={styles.footer}>
        {signedIn ? (
          <Link href="/dashboard">{t("auth.verify.dashboard")}</Link>
        ) : (
          <Link href="/auth/login">{t("auth.signInLink")}</Link>
        )}
      </p>
    </Card>
  );
}
