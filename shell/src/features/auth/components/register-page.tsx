import { RegisterForm } from "@contracts/auth.ts";
import { useNavigate } from "@hosting-portal/router";
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
import * as styles from "./auth-layout.css";

export default function RegisterPage() {
  const navigate = useNavigate();
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
      // /auth/login once its page has loaded; until then this form stays pending, so nothing
      // invites typing into it.
      await navigate("/auth/login");
      toast.success("Account created successfully! You can now log in.");
    } catch (err) {
      toast.error("Error", err instanceof ApiError ? err.message : "Sign up failed");
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <div>
        <h1 className={styles.title}>Create an account</h1>
        <p className={styles.subtitle}>Order VPS and dedicated servers in minutes.</p>
      </div>
      <Form onSubmit={onSubmit} validationErrors={form.errors} validationBehavior="aria">
        <TextField label="Username" name="username" autoComplete="username" autoFocus />
        <TextField label="Email" name="email" type="email" autoComplete="email" />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" isPending={pending} className={styles.submit}>
          Create Account
        </Button>
      </Form>
      <p className={styles.footer}>
        Already have an account? <Link href="/auth/login">Sign in</Link>
      </p>
    </Card>
  );
}
