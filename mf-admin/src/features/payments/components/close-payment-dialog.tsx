import { AttentionCloseBody, type AttentionItem } from "@contracts/payments-attention.ts";
import { Button, Dialog, Form, TextField, toast, useFormErrors } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { useClosePayment } from "../api/payment-actions";

/** Closes an item handled outside the portal; the note is kept in its audit trail. */
export function ClosePaymentDialog({
  item,
  onClose,
}: {
  item: AttentionItem;
  onClose: () => void;
}) {
  const t = useT();
  const [note, setNote] = useState("");
  const form = useFormErrors();
  const close = useClosePayment();
  const submit = () => {
    const parsed = form.validate(AttentionCloseBody, { note });
    if (!parsed.success) return;
    close.mutate(
      { id: item.id, note: parsed.data.note },
      {
        onSuccess: () => {
          toast.success(t("payments.closed"), t("payments.closedDetail"));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={t("payments.close")} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form
        validationErrors={form.errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className={styles.dialogBody}
      >
        <div className={styles.contents} onInput={form.clear}>
          <TextField
            label={t("payments.note")}
            name="note"
            value={note}
            onChange={setNote}
            autoFocus
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={close.isPending}>
              {t("dialog.cancel")}
            </Button>
            <Button type="submit" isPending={close.isPending}>
              {t("payments.closeItem")}
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
