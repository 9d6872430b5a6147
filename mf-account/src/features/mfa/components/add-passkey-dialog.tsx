import { EnrollTotpForm } from "@contracts/factors.ts";
import {
  ApiError,
  Button,
  Dialog,
  Form,
  fieldErrors,
  TextField,
  toast,
} from "@hosting-portal/shared-ui";
import { startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";
import { deleteFactor } from "../api/delete-factor";
import { enrollFactor } from "../api/enroll-factor";
import { useVerifyFactor } from "../api/verify-factor";
import * as styles from "./mfa.css";

type CreationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];

/** Names the passkey, then runs the browser's registration ceremony against a server challenge. */
export function AddPasskeyDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const verify = useVerifyFactor();

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
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
    setPending(true);
    let factorId: string | undefined;
    try {
      const factor = await enrollFactor({
        factor_type: "webauthn",
        friendly_name: parsed.data.friendly_name,
      });
      factorId = factor.id;
      await verify.mutateAsync({
        factorId: factor.id,
        proof: async (challenge) => {
          const optionsJSON = challenge.webauthn?.credential_options as unknown as CreationOptions;
          const response = await startRegistration({ optionsJSON });
          return { webauthn: { type: "create", credential_response: response } };
        },
      });
      toast.success("Passkey added");
      onOpenChange(false);
    } catch (err) {
      // The ceremony was cancelled or refused: the unverified factor is of no use to anyone.
      if (factorId) await deleteFactor(factorId).catch(() => undefined);
      toast.error(
        "Error",
        err instanceof ApiError || err instanceof Error ? err.message : "Please try again.",
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title="Add a passkey" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Form onSubmit={onSubmit} validationErrors={errors} validationBehavior="aria">
        <p className={styles.muted}>
          Your browser will ask you to confirm with your device (fingerprint, face, PIN or security
          key).
        </p>
        <TextField label="Name" name="friendly_name" defaultValue="Passkey" autoFocus />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={pending}>
            Cancel
          </Button>
          <Button type="submit" isPending={pending}>
            Create passkey
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
