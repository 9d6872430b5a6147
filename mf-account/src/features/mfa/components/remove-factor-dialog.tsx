import { ErrorCode } from "@contracts/errors.ts";
import {
  CodeForm,
  type DeleteFactorBody,
  type Factor,
  PasswordProofForm,
  TOTP_DIGITS,
} from "@contracts/factors.ts";
import {
  ApiError,
  Button,
  Checkbox,
  Dialog,
  Form,
  formValues,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { startAuthentication } from "@simplewebauthn/browser";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messages, useT } from "../../../i18n";
import { sessionsKey } from "../../settings/api/get-sessions";
import { useDeleteFactor } from "../api/delete-factor";
import { challengeFactor } from "../api/verify-factor";
import * as styles from "./mfa.css";

type RequestOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];
type Proof = Omit<DeleteFactorBody, "end_other_sessions">;

/**
 * Removing a verified factor asks for the password again (or a current code, or a passkey): the
 * open session alone is not enough to switch off two-factor sign-in. It can also sign out every
 * other session at once, for when the factor goes because a device was lost.
 */
export function RemoveFactorDialog({
  factor,
  factors,
  onClose,
}: {
  factor: Factor | null;
  /** All of the user's factors: which proofs they can give, and whether this is the last. */
  factors: Factor[];
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const remove = useDeleteFactor();
  const form = useFormErrors();
  const [method, setMethod] = useState<"password" | "code">("password");
  const [endOthers, setEndOthers] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const verified = factors.filter((f) => f.status === "verified");
  const hasApp = verified.some((f) => f.factor_type === "totp");
  const passkey = verified.find((f) => f.factor_type === "webauthn");
  const passkeysSupported = typeof window !== "undefined" && "PublicKeyCredential" in window;
  const needsProof = factor?.status === "verified";

  const close = () => {
    form.clear();
    remove.reset();
    setMethod("password");
    setEndOthers(false);
    onClose();
  };

  const submit = (proof: Proof) => {
    if (!factor) return;
    remove.mutate(
      { factorId: factor.id, body: { ...proof, end_other_sessions: endOthers } },
      {
        onSuccess: () => {
          if (endOthers) void queryClient.invalidateQueries({ queryKey: sessionsKey });
          toast.success(
            messages.t("factor.removed"),
            messages.t("factor.removedDetail", { name: factor.friendly_name }),
          );
          close();
        },
        onError: (err) => {
          const wrongProof =
            err instanceof ApiError &&
            (err.code === ErrorCode.wrongPassword || err.code === ErrorCode.mfaVerificationFailed);
          if (wrongProof && !proof.webauthn) form.setErrors({ [method]: err.message });
          toast.error(
            messages.t("error"),
            err instanceof ApiError ? err.message : messages.t("factor.removeFailed"),
          );
        },
      },
    );
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!needsProof) return submit({});
    const values = formValues(e.currentTarget);
    if (method === "password") {
      const parsed = form.validate(PasswordProofForm, values);
      if (parsed.success) submit({ password: parsed.data.password });
    } else {
      const parsed = form.validate(CodeForm, values);
      if (parsed.success) submit({ code: parsed.data.code });
    }
  };

  const withPasskey = async () => {
    if (!passkey) return;
    setPasskeyPending(true);
    try {
      const challenge = await challengeFactor(passkey.id);
      const optionsJSON = challenge.webauthn?.credential_options as unknown as RequestOptions;
      const response = await startAuthentication({ optionsJSON });
      submit({
        challenge_id: challenge.id,
        webauthn: {
          type: "request",
          credential_response: response as unknown as Record<string, unknown>,
        },
      });
    } catch (err) {
      // ApiError carries the API's message; a cancelled ceremony its DOMException's.
      toast.error(
        messages.t("error"),
        err instanceof Error ? err.message : messages.t("tryAgainLater"),
      );
    } finally {
      setPasskeyPending(false);
    }
  };

  const onlyOne = needsProof && verified.length === 1;
  return (
    <Dialog
      title={t("factor.removeTitle")}
      role="alertdialog"
      isOpen={factor !== null}
      onOpenChange={(open) => !open && close()}
    >
      <Form onSubmit={onSubmit} validationErrors={form.errors} validationBehavior="aria">
        <p className={styles.muted}>
          {onlyOne
            ? t("factor.onlyOne", { name: factor?.friendly_name })
            : t("factor.noLonger", { name: factor?.friendly_name ?? t("factor.thisFactor") })}
        </p>
        {needsProof && (
          <>
            <div onInput={form.clear}>
              {method === "password" ? (
                <TextField
                  key="password"
                  label={t("factor.confirmPassword")}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                />
              ) : (
                <TextField
                  key="code"
                  label={t("factor.codeFromYourApp")}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={TOTP_DIGITS}
                  autoFocus
                />
              )}
            </div>
            <div className={styles.actions}>
              {hasApp && (
                <Button
                  size="sm"
                  variant="ghost"
                  onPress={() => {
                    form.clear();
                    setMethod(method === "password" ? "code" : "password");
                  }}
                >
                  {t(method === "password" ? "factor.useCode" : "factor.usePassword")}
                </Button>
              )}
              {passkey && passkeysSupported && (
                <Button
                  size="sm"
                  variant="ghost"
                  isPending={passkeyPending}
                  onPress={() => void withPasskey()}
                >
                  {t("factor.confirmPasskey")}
                </Button>
              )}
            </div>
            <Checkbox isSelected={endOthers} onChange={setEndOthers}>
              {t("factor.endOthers")}
            </Checkbox>
          </>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={close} isDisabled={remove.isPending}>
            {t("factor.cancel")}
          </Button>
          <Button type="submit" variant="danger" isPending={remove.isPending}>
            {t("factor.remove")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
