import { ApiError, Dialog, toast } from "@hosting-portal/shared-ui";
import { startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";
import { messages, useT } from "../../../i18n";
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
  const t = useT();
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
      toast.success(messages.t("factor.passkeyAdded"));
      onOpenChange(false);
    } catch (err) {
      // The ceremony was cancelled or refused: the unverified factor is of no use to anyone.
      if (factorId) await deleteFactor(factorId).catch(() => undefined);
      toast.error(
        messages.t("error"),
        err instanceof ApiError || err instanceof Error ? err.message : messages.t("tryAgainLater"),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={t("factor.passkeyTitle")} isOpen={isOpen} onOpenChange={onOpenChange}>
      <FactorNameForm
        intro={t("factor.passkeyIntro")}
        defaultName={t("factor.passkeyDefaultName")}
        submitLabel={t("factor.createPasskey")}
        isPending={pending}
        cancelDisabled={pending}
        onCancel={() => onOpenChange(false)}
        onName={onName}
      />
    </Dialog>
  );
}
