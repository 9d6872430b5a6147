import { ChangePasswordForm as ChangePasswordSchema, messages } from "@contracts/auth.ts";
import { ErrorCode } from "@contracts/errors.ts";
import {
  ApiError,
  Button,
  Card,
  Form,
  formValues,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useChangePassword } from "../api/change-password";
import * as styles from "./settings.css";

/**
 * SPEC §5: current and new at least 6 characters, confirmation must match; the server checks the
 * current password. Other sessions are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const form = useFormErrors();
  const mutation = useChangePassword();

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const parsed = form.validate(ChangePasswordSchema, formValues(element));
    if (!parsed.success) return;
    mutation.mutate(
      { current_password: parsed.data.currentPassword, new_password: parsed.data.newPassword },
      {
        onSuccess: () => {
          toast.success("Password changed successfully!");
          element.reset();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === ErrorCode.wrongPassword) {
            form.setErrors({ currentPassword: messages.currentPasswordIncorrect });
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
        validationErrors={form.errors}
        validationBehavior="aria"
        className={styles.form}
      >
        {/* Errors clear while typing: a message vanishing on blur moved the button under the click. */}
        <div className={styles.fields} onInput={form.clear}>
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
