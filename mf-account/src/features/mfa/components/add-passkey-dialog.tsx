import { ApiError, Dialog, toast } from "@hosting-portal/shared-ui";
import { startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";
import { deleteFactor } from "../api/delete-factor";
import { enrollFactor } from "../api/enroll-factor";
import { useVerifyFactor } from "../api/verify-factor";
import { FactorNameForm } from "./factor-name-form";

type CreationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];

/** Names the passkey, then runs the browser's registration ceremony against a server challenge. */
export function AddPasskeyDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [pending, setPending] = useState(false);
  const verify = useVerifyFactor();

  const onName = async (friendlyName: string) => {
    setPending(true);
    let factorId: string | undefined;
    try {
      const factor = await enrollFactor({
        factor_type: "webauthn",
        friendly_name: friendlyName,
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
      <FactorNameForm
        intro="Your browser will ask you to confirm with your device (fingerprint, face, PIN or security key)."
        defaultName="Passkey"
        submitLabel="Create passkey"
        isPending={pending}
        cancelDisabled={pending}
        onCancel={() => onOpenChange(false)}
        onName={onName}
      />
    </Dialog>
  );
}
