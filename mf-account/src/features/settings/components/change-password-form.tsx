import { ChangePasswordForm as ChangePasswordSchema, messages } from "@contracts/auth.ts";
import { ErrorCode } from "@contracts/errors.ts";
import {
  ApiError,
  Button,
  Card,
  Form,
  fieldErrors,
  TextField,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useChangePassword } from "../api/change-password";
import * as styles from "./settings.css";

/**
 * SPEC §5: current and new at least 6 characters, confirmation must match; the server checks the
 * current password. Other sessions are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useChangePassword();

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const parsed = ChangePasswordSchema.safeParse({
      currentPassword: String(data.get("currentPassword") ?? ""),
      newPassword: String(data.get("newPassword") ?? ""),
      confirmPassword: String(data.get("confirmPassword") ?? ""),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    setErrors({});
    mutation.mutate(
      { current_password: parsed.data.currentPassword, new_password: parsed.data.newPassword },
      {
        onSuccess: () => {
          toast.success("Password changed successfully!");
          form.reset();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === ErrorCode.wrongPassword) {
            setErrors({ currentPassword: messages.currentPasswordIncorrect });
            toast.error(messages.currentPasswordIncorrect);
          } else {
            toast.error(
              "Error",
              err instanceof ApiError ? err.message : "Could not change the password.",
            );
          }
        },
      },
    );
  };

  return (
    <Card
      title="Change Password"
      description="Changing your password signs you out on your other devices."
      as="section"
    >
      <Form
        onSubmit={onSubmit}
        validationErrors={errors}
        validationBehavior="aria"
        className={styles.form}
      >
        {/* Errors clear while typing: a message vanishing on blur moved the button under the click. */}
        <div className={styles.fields} onInput={() => setErrors({})}>
          <TextField
            label="Current Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
          />
          <TextField
            label="Confirm New Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
          />
        </div>
        <Button type="submit" isPending={mutation.isPending}>
          Change Password
        </Button>
      </Form>
    </Card>
  );
}
