import { Session } from "@contracts/auth.ts";
import { Challenge, CodeForm, type Factor, FactorList, TOTP_DIGITS } from "@contracts/factors.ts";
import {
  api,
  Button,
  Card,
  Form,
  formValues,
  Skeleton,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { messages, useT } from "../i18n";
import * as styles from "./auth-layout.css";

// ApiError carries the API's message; a WebAuthn DOMException (cancelled, timed out) its own.
const message = (err: unknown) =>
  err instanceof Error ? err.message : messages.t("auth.mfa.failed");

export interface MfaStepProps {
  pending: Session;
  onVerified: (session: Session) => void;
  onCancel: () => void;
}

/** The sign-in second step, for a user with a verified TOTP factor or passkey. */
export function MfaStep({ pending, onVerified, onCancel }: MfaStepProps) {
  // The pending aal1 session is not in the session store (the API refuses it everywhere but
  // these factor calls), so they carry its token themselves.
  const bearer = pending.access_token;
  const t = useT();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const form = useFormErrors();
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    api
      .get("/api/auth/factors", FactorList, { bearer })
      .then((list) => setFactors(list.factors.filter((f) => f.status === "verified")))
      .catch((err) => {
        toast.error(t("error"), message(err));
        onCancel();
      });
  }, [bearer, onCancel]);

  const verify = async (factor: Factor, proof: (c: Challenge) => Promise<object>) => {
    setBusy(factor.id);
    try {
      const factorPath = `/api/auth/factors/${factor.id}`;
      const challenge = await api.post(`${factorPath}/challenge`, undefined, Challenge, { bearer });
      const body = { challenge_id: challenge.id, ...(await proof(challenge)) };
      onVerified(await api.post(`${factorPath}/verify`, body, Session, { bearer }));
    } catch (err) {
      toast.error(t("error"), message(err));
    } finally {
      setBusy(null);
    }
  };

  const totp = factors?.find((f) => f.factor_type === "totp");
  const passkeys = factors?.filter((f) => f.factor_type === "webauthn") ?? [];

  const onSubmitCode = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!totp) return;
    const parsed = form.validate(CodeForm, formValues(e.currentTarget));
    if (!parsed.success) return;
    void verify(totp, async () => ({ code: parsed.data.code }));
  };

  const signInWithPasskey = (factor: Factor) =>
    verify(factor, async (c) => {
      const optionsJSON = c.webauthn?.credential_options as unknown as Parameters<
        typeof startAuthentication
      >[0]["optionsJSON"];
      const response = await startAuthentication({ optionsJSON });
      return { webauthn: { type: "request", credential_response: response } };
    });

  return (
    <Card>
      <div>
        <h1 className={styles.title}>{t("auth.mfa.title")}</h1>
        <p className={styles.subtitle}>
          {totp ? t("auth.mfa.totpHint") : t("auth.mfa.passkeyHint")}
        </p>
      </div>
      {factors === null && <Skeleton height="80px" />}
      {totp && (
        <Form onSubmit={onSubmitCode} validationErrors={form.errors} validationBehavior="aria">
          <TextField
            label={t("auth.mfa.code")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP_DIGITS}
            autoFocus
          />
          <Button type="submit" isPending={busy === totp.id} className={styles.submit}>
            {t("auth.mfa.verify")}
          </Button>
        </Form>
      )}
      {passkeys.map((p) => (
        <Button
          key={p.id}
          variant={totp ? "secondary" : "primary"}
          className={styles.submit}
          isPending={busy === p.id}
          isDisabled={busy !== null && busy !== p.id}
          onPress={() => signInWithPasskey(p)}
        >
          {passkeys.length > 1
            ? t("auth.mfa.usePasskeyNamed", { name: p.friendly_name })
            : t("auth.mfa.usePasskey")}
        </Button>
      ))}
      <p className={styles.footer}>
        <Button variant="ghost" size="sm" onPress={onCancel}>
          {t("auth.mfa.back")}
        </Button>
      </p>
    </Card>
  );
}
