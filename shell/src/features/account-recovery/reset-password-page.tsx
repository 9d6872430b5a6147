import { ErrorCode } from "@contracts/errors.ts";
import { ResetPasswordForm, recoveryMessages } from "@contracts/recovery.ts";
import { useSearchParams } from "@hosting-portal/router";
import {
  ApiError,
  api,
  Button,
  Card,
  contractMessage,
  Form,
  formValues,
  Link,
  session,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { usePortalNavigate } from "../../app/navigation";
import * as styles from "../auth/components/auth-layout.css";
import { messages, useT } from "../auth/i18n";

/**
 * The page a reset link opens (/auth/reset-password?token=...). The new password follows
 * the SPEC's rules and messages (contracts). Every session of the account ends on success, this
 * browser's too, and the user signs in with the new password.
 */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = usePortalNavigate();
  const form = useFormErrors();
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState(token === "");

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = form.validate(ResetPasswordForm, formValues(e.currentTarget));
    if (!parsed.success) return;
    setPending(true);
    try {
      await api.post("/api/auth/password-reset/confirm", {
        token,
        password: parsed.data.password,
      });
      // The API ended this browser's session too: drop it here so the sign-in form shows.
      await session.signOut().catch(() => undefined);
      await navigate("/auth/login", { replace: true });
      toast.success(contractMessage(recoveryMessages.passwordReset));
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.resetLinkInvalid) setInvalid(true);
      else
        toast.error(
          messages.t("error"),
          err instanceof ApiError ? err.message : messages.t("auth.reset.failed"),
        );
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <div>
        <h1 className={styles.title}>{t("auth.reset.title")}</h1>
        <p className={styles.subtitle}>{t("auth.reset.subtitle")}</p>
      </div>
      {invalid ? (
        <p role="alert">{contractMessage(recoveryMessages.resetLinkInvalid)}</p>
      ) : (
        <Form onSubmit={onSubmit} validationErrors={form.errors} validationBehavior="aria">
          <TextField
            label={t("auth.reset.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <TextField
            label={t("auth.confirmPassword")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" isPending={pending} className={styles.submit}>
            {t("auth.reset.submit")}
          </Button>
        </Form>
      )}
      <p className={styles.footer}>
        {invalid ? (
          <Link href="/auth/forgot-password">{t("auth.reset.newLink")}</Link>
        ) : (
          <Link href="/auth/login">{t("auth.mfa.back")}</Link>
        )}
      </p>
    </Card>
  );
}
