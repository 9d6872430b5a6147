import { SignInBody } from "@contracts/auth.ts";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import {
  ApiError,
  Button,
  Card,
  Checkbox,
  Form,
  fieldErrors,
  Link,
  session,
  TextField,
  toast,
} from "shared-ui";
import * as styles from "./auth-layout.css";

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = SignInBody.safeParse({
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
      remember: data.get("remember") === "on",
    });
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error);
      setErrors(errs);
      toast.error("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await session.signIn(parsed.data);
      toast.success("Logged in successfully!");
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== "/" ? from : "/dashboard", { replace: true });
    } catch (err) {
      toast.error("Error", err instanceof ApiError ? err.message : "Sign in failed");
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <div>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.subtitle}>Manage your servers, orders and credits.</p>
      </div>
      <Form onSubmit={onSubmit} validationErrors={errors} validationBehavior="aria">
        <TextField label="Email" name="email" type="email" autoComplete="email" autoFocus />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
        />
        <Checkbox name="remember" value="on">
          Remember me for 5 days
        </Checkbox>
        <Button type="submit" isPending={pending} className={styles.submit}>
          Sign In
        </Button>
      </Form>
      <p className={styles.footer}>
        Don't have an account? <Link href="/auth/register">Register</Link>
      </p>
    </Card>
  );
}
