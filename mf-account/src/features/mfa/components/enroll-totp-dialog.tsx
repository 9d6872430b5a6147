import { CodeForm, type EnrolledFactor, EnrollTotpForm } from "@contracts/factors.ts";
import {
  ApiError,
  Button,
  Dialog,
  Form,
  fieldErrors,
  TextField,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { deleteFactor } from "../api/delete-factor";
import { useEnrollFactor } from "../api/enroll-factor";
import { useVerifyFactor } from "../api/verify-factor";
import * as styles from "./mfa.css";

const errorMessage = (err: unknown) =>
  err instanceof ApiError ? err.message : "Please try again.";

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
  const [enrolled, setEnrolled] = useState<EnrolledFactor | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enroll = useEnrollFactor();
  const verify = useVerifyFactor();

  const close = (open: boolean, verified = false) => {
    if (open) return onOpenChange(true);
    // An abandoned set-up is removed, so no half-configured factor lingers in the list.
    if (enrolled && !verified) void deleteFactor(enrolled.id).catch(() => undefined);
    setEnrolled(null);
    setErrors({});
    enroll.reset();
    verify.reset();
    onOpenChange(false);
  };

  const onName = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = EnrollTotpForm.safeParse({
      friendly_name: String(new FormData(e.currentTarget).get("friendly_name") ?? ""),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    setErrors({});
    enroll.mutate(
      { factor_type: "totp", friendly_name: parsed.data.friendly_name },
      {
        onSuccess: setEnrolled,
        onError: (err) => toast.error("Error", errorMessage(err)),
      },
    );
  };

  const onCode = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!enrolled) return;
    const parsed = CodeForm.safeParse({
      code: String(new FormData(e.currentTarget).get("code") ?? ""),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    setErrors({});
    verify.mutate(
      { factorId: enrolled.id, proof: async () => ({ code: parsed.data.code }) },
      {
        onSuccess: () => {
          toast.success("Two-factor authentication enabled");
          close(false, true);
        },
        onError: (err) => toast.error("Error", errorMessage(err)),
      },
    );
  };

  return (
    <Dialog title="Set up an authenticator app" isOpen={isOpen} onOpenChange={close}>
      {!enrolled ? (
        <Form key="name" onSubmit={onName} validationErrors={errors} validationBehavior="aria">
          <p className={styles.muted}>
            Use any TOTP app (Google Authenticator, 1Password, Authy, …). Give it a name you will
            recognise later.
          </p>
          <TextField label="Name" name="friendly_name" defaultValue="Authenticator app" autoFocus />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onPress={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" isPending={enroll.isPending}>
              Continue
            </Button>
          </div>
        </Form>
      ) : (
        // A separate key: without it React reuses the name input for the code field, value included.
        <Form key="code" onSubmit={onCode} validationErrors={errors} validationBehavior="aria">
          <div className={styles.setup}>
            <img
              className={styles.qr}
              src={enrolled.totp?.qr_code}
              alt="QR code for your authenticator app"
            />
            <div className={styles.steps}>
              <p className={styles.muted}>
                Scan the QR code with your app, or enter this key by hand:
              </p>
              <code className={styles.secret} data-testid="totp-secret">
                {enrolled.totp?.secret}
              </code>
            </div>
          </div>
          <TextField
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
          />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onPress={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" isPending={verify.isPending}>
              Verify and enable
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
