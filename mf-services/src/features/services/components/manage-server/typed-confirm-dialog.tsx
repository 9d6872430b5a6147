import { confirmationText } from "@contracts/server-actions.ts";
import { Button, Dialog, richText, TextField } from "@hosting-portal/shared-ui";
import { type FormEvent, type ReactNode, useState } from "react";
import { useT } from "../../../../i18n";
import * as shared from "../services.css";
import * as styles from "./manage-server.css";

/**
 * The confirmation of an action that replaces the server's disk: the customer types the
 * service's short id, so a stray click (or the wrong tab) cannot wipe a server. The API checks
 * the same text again.
 */
export function TypedConfirmDialog({
  serviceId,
  title,
  isOpen,
  onOpenChange,
  onConfirm,
  confirmLabel,
  isPending,
  children,
}: {
  serviceId: string;
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (typed: string) => void;
  confirmLabel: string;
  isPending: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const expected = confirmationText(serviceId);
  const matches = typed.trim() === expected;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (matches) onConfirm(typed.trim());
  };
  return (
    <Dialog
      title={title}
      role="alertdialog"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) setTyped("");
        onOpenChange(open);
      }}
    >
      {({ close }) => (
        <form className={shared.dialogBody} onSubmit={submit}>
          {children}
          <p className={shared.muted}>
            {richText(t("confirm.typeToConfirm", { expected }), [
              (code) => (
                <span className={styles.code} translate="no">
                  {code}
                </span>
              ),
            ])}
          </p>
          <TextField
            label={t("confirm.field")}
            name="confirm"
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            autoFocus
          />
          <div className={shared.dialogActions}>
            <Button variant="secondary" onPress={close} isDisabled={isPending}>
              {t("confirm.cancel")}
            </Button>
            <Button type="submit" variant="danger" isDisabled={!matches} isPending={isPending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
