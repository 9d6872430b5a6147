import { EnrollTotpForm } from "@contracts/factors.ts";
import { Button, Form, formValues, TextField, useFormErrors } from "@hosting-portal/shared-ui";
import type { ReactNode } from "react";
import { useT } from "../../../i18n";
import * as styles from "./mfa.css";

export interface FactorNameFormProps {
  intro: ReactNode;
  defaultName: string;
  submitLabel: string;
  isPending: boolean;
  /** Cancel stays usable while pending unless this says otherwise (a running passkey ceremony). */
  cancelDisabled?: boolean;
  onCancel: () => void;
  /** Called with the name once the factor contract accepts it. */
  onName: (friendlyName: string) => void;
}

/** The first step of adding a factor (authenticator app or passkey): a name the user will recognise. */
export function FactorNameForm({
  intro,
  defaultName,
  submitLabel,
  isPending,
  cancelDisabled,
  onCancel,
  onName,
}: FactorNameFormProps) {
  const t = useT();
  const form = useFormErrors();
  return (
    <Form
      validationErrors={form.errors}
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = form.validate(EnrollTotpForm, formValues(e.currentTarget));
        if (parsed.success) onName(parsed.data.friendly_name);
      }}
    >
      <p className={styles.muted}>{intro}</p>
      <TextField
        label={t("factor.name")}
        name="friendly_name"
        defaultValue={defaultName}
        autoFocus
      />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={cancelDisabled}>
          {t("factor.cancel")}
        </Button>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
