import { ChangePasswordForm as ChangePasswordSchema, messages } from "@contracts/auth.ts";
import { ErrorCode } from "@contracts/errors.ts";
import {
  ApiError,
  Button,
  Card,
  contractMessage,
  Form,
  formValues,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { useChangePassword } from "../api/change-password";
import * as styles from "./settings.css";

/**
 * SPEC §5: current and new at least 6 characters, confirmation must match; the server checks the
 * current password. Other sessions are signed out; this one stays.
 */
export function ChangePasswordForm() {
  const t = useT();
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
          toast.success(t("password.success"));
          element.reset();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === ErrorCode.wrongPassword) {
            const text = contractMessage(messages.currentPasswordIncorrect);
            form.setErrors({ currentPassword: text });
            toast.error(text);
          } else {
            toast.error(t("error"), err instanceof ApiError ? err.message : t("password.failed"));
          }
        },
      },
    );
  };

  return (
    <Card title={t("password.title")} description={t("password.description")} as="section">
      <Form
        onSubmit={onSubmit}
        validationErrors={form.errors}
        validationBehavior="aria"
        className={styles.form}
      >
        {/* Errors clear while typing: a message vanishing on blur moved the button under the click. */}
        <div className={styles.fields} onInput={form.clear}>
          <TextField
            label={t("password.current")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            label={t("password.new")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
          />
          <TextField
            label={t("password.confirm")}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
          />
        </div>
        <Button type="submit" isPending={mutation.isPending}>
          {t("password.title")}
        </Button>
      </Form>
    </Card>
  );
}
