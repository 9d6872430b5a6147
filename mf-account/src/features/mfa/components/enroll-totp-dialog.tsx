import { CodeForm, type EnrolledFactor, TOTP_DIGITS } from "@contracts/factors.ts";
import {
  ApiError,
  Button,
  Dialog,
  Form,
  formValues,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { messages, useT } from "../../../i18n";
import { deleteFactor } from "../api/delete-factor";
import { useEnrollFactor } from "../api/enroll-factor";
import { useVerifyFactor } from "../api/verify-factor";
import { FactorNameForm } from "./factor-name-form";
import * as styles from "./mfa.css";

const errorMessage = (err: unknown) =>
  err instanceof ApiError ? err.message : messages.t("tryAgainLater");

/**
 * Two steps: name the app, then scan the QR code (or type the secret) and confirm with a code.
 * The factor stays unverified, and so changes nothing at sign-in, until that code is accepted.
 */
export function EnrollTotpDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const [enrolled, setEnrolled] = useState<EnrolledFactor | null>(null);
  const form = useFormErrors();
  const enroll = useEnrollFactor();
  const verify = useVerifyFactor();

  const close = (open: boolean, verified = false) => {
    if (open) return onOpenChange(true);
    // An abandoned set-up is removed, so no half-configured factor lingers in the list.
    if (enrolled && !verified) void deleteFactor(enrolled.id).catch(() => undefined);
    setEnrolled(null);
    form.clear();
    enroll.reset();
    verify.reset();
    onOpenChange(false);
  };

  const onName = (friendlyName: string) => {
    enroll.mutate(
      { factor_type: "totp", friendly_name: friendlyName },
      {
        onSuccess: setEnrolled,
        onError: (err) => toast.error(messages.t("error"), errorMessage(err)),
      },
    );
  };

  const onCode = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!enrolled) return;
    const parsed = form.validate(CodeForm, formValues(e.currentTarget));
    if (!parsed.success) return;
    verify.mutate(
      { factorId: enrolled.id, proof: async () => ({ code: parsed.data.code }) },
      {
        onSuccess: () => {
          toast.success(messages.t("factor.enabled"));
          close(false, true);
        },
        onError: (err) => toast.error(messages.t("error"), errorMessage(err)),
      },
    );
  };

  return (
    <Dialog title={t("factor.totpTitle")} isOpen={isOpen} onOpenChange={close}>
      {!enrolled ? (
        <FactorNameForm
          intro={t("factor.totpIntro")}
          defaultName={t("factor.totpDefaultName")}
          submitLabel={t("factor.continue")}
          isPending={enroll.isPending}
          onCancel={() => close(false)}
          onName={onName}
        />
      ) : (
        <Form onSubmit={onCode} validationErrors={form.errors} validationBehavior="aria">
          <div className={styles.setup}>
            <img className={styles.qr} src={enrolled.totp?.qr_code} alt={t("factor.qrAlt")} />
            <div className={styles.steps}>
              <p className={styles.muted}>{t("factor.scan")}</p>
              <code className={styles.secret} data-testid="totp-secret">
                {enrolled.totp?.secret}
              </code>
            </div>
          </div>
          <TextField
            label={t("factor.codeFromApp")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP_DIGITS}
            autoFocus
          />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onPress={() => close(false)}>
              {t("factor.cancel")}
            </Button>
            <Button type="submit" isPending={verify.isPending}>
              {t("factor.verifyEnable")}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
