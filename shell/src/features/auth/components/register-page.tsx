import { RegisterForm } from "@contracts/auth.ts";
import {
  ApiError,
  Button,
  Card,
  Form,
  formValues,
  Link,
  session,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { usePortalNavigate } from "../../../app/navigation";
import { useT } from "../i18n";
import * as styles from "./auth-layout.css";

export default function RegisterPage() {
  const navigate = usePortalNavigate();
  const t = useT();
  const form = useFormErrors();
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = form.validate(RegisterForm, formValues(e.currentTarget));
    if (!parsed.success) return;
    setPending(true);
    try {
      const { username, email, password } = parsed.data;
      await session.signUp({ username, email, password });
      // The message comes with the sign-in form, not before it. The router shows
      // /auth/login once its page has loaded, and the URL changes before the sign-in form is on
      // screen (the router renders the new page as a transition): this form stays pending and
      // read-only until it is gone, so nothing typed meanwhile lands in it and is lost.
      await navigate("/auth/login");
      toast.success(t("auth.register.success"));
    } catch (err) {
      toast.error(t("error"), err instanceof ApiError ? err.message : t("auth.register.failed"));
      setPending(false);
    }
  };

  return (
    <Card>
      <div>
        <h1 className={styles.title}>{t("auth.register.title")}</h1>
        <p className={styles.subtitle}>{t("auth.register.subtitle")}</p>
      </div>
      <Form onSubmit={onSubmit} validationErrors={form.errors} validationBehavior="aria">
        <TextField
          label={t("auth.username")}
          name="username"
          autoComplete="username"
          autoFocus
          isReadOnly={pending}
        />
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          isReadOnly={pending}
        />
        <TextField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          isReadOnly={pending}
        />
        <TextField
          label={t("auth.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          isReadOnly={pending}
        />
        <Button type="submit" isPending={pending} className={styles.submit}>
          {t("auth.register.submit")}
        </Button>
      </Form>
      <p className={styles.footer}>
        {t("auth.register.haveAccount")} <Link href="/auth/login">{t("auth.signInLink")}</Link>
      </p>
    </Card>
  );
}
