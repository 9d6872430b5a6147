import { ForgotPasswordBody, ForgotPasswordResponse } from "@contracts/recovery.ts";
import {
  ApiError,
  api,
  Button,
  Card,
  Form,
  formValues,
  Link,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../auth/components/auth-layout.css";
import { messages, useT } from "../auth/i18n";

/**
 * 'Forgot password?'. The API answers the same whether or not the address has an
 * account, and so does this page: it shows the API's message in place of the form.
 */
export default function ForgotPasswordPage() {
  const t = useT();
  const form = useFormErrors();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = form.validate(ForgotPasswordBody, formValues(e.currentTarget));
    if (!parsed.success) return;
    setPending(true);
    try {
      const res = await api.post("/api/auth/password-reset", parsed.data, ForgotPasswordResponse);
      setSent(res.message);
    } catch (err) {
      toast.error(
        messages.t("error"),
        err instanceof ApiError ? err.message : messages.t("auth.linkFailed"),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <div>
        <h1 className={styles.title}>{t("auth.forgot.title")}</h1>
        <p className={styles.subtitle}>{t("auth.forgot.subtitle")}</p>
      </div>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <Form onSubmit={onSubmit} validationErrors={form.errors} validationBehavior="aria">
          <TextField
            label={t("auth.email")}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
          />
          <Button type="submit" isPending={pending} className={styles.submit}>
            {t("auth.forgot.submit")}
          </Button>
        </Form>
      )}
      <p className={styles.footer}>
        {t("auth.forgot.remembered")} <Link href="/auth/login">{t("auth.signInLink")}</Link>
      </p>
    </Card>
  );
}
