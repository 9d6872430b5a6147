import { type Session, SignInBody } from "@contracts/auth.ts";
import {
  ApiError,
  api,
  Button,
  Card,
  Checkbox,
  Form,
  Link,
  session,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useCallback, useState } from "react";
import { useT } from "../i18n";
import * as styles from "./auth-layout.css";
import { MfaStep } from "./mfa-step";

export default function LoginPage() {
  const t = useT();
  const form = useFormErrors();
  const [pending, setPending] = useState(false);
  // The password was right but the user has a verified factor; the second step follows.
  const [mfaPending, setMfaPending] = useState<Session | null>(null);

  // The session just adopted makes PublicOnly (guards.tsx) take the user on, back to the page
  // they came from or to /dashboard. Not navigating here too: the two raced.
  const finish = () => toast.success(t("auth.signIn.success"));

  const cancelMfa = useCallback(() => {
    setMfaPending((s) => {
      if (s) {
        // The pending session is not the store's: its token signs it out.
        void api
          .post("/api/auth/sign-out", undefined, undefined, { bearer: s.access_token })
          .catch(() => undefined);
      }
      return null;
    });
  }, []);

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = form.validate(SignInBody, {
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
      remember: data.get("remember") === "on",
    });
    if (!parsed.success) return;
    setPending(true);
    try {
      const s = await session.signIn(parsed.data);
      if (s.mfa_required) setMfaPending(s);
      else finish();
    } catch (err) {
      toast.error(t("error"), err instanceof ApiError ? err.message : t("auth.signIn.failed"));
    } finally {
      setPending(false);
    }
  };

  if (mfaPending) {
    return (
      <MfaStep
        pending={mfaPending}
        onCancel={cancelMfa}
        onVerified={(verified) => {
          session.completeMfa(verified);
          finish();
        }}
      />
    );
  }

  return (
    <Card>
      <div>
        <h1 className={styles.title}>{t("auth.signIn.title")}</h1>
        <p className={styles.subtitle}>{t("auth.signIn.subtitle")}</p>
      </div>
      <Form onSubmit={onSubmit} validationErrors={form.errors} validationBehavior="aria">
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <TextField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="current-password"
        />
        <Checkbox name="remember" value="on">
          {t("auth.remember")}
        </Checkbox>
        <Link href="/auth/forgot-password">{t("auth.forgotLink")}</Link>
        <Button type="submit" isPending={pending} className={styles.submit}>
          {t("auth.signIn.submit")}
        </Button>
      </Form>
      <p className={styles.footer}>
        {t("auth.signIn.noAccount")} <Link href="/auth/register">{t("auth.registerLink")}</Link>
      </p>
    </Card>
  );
}
