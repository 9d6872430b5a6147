import { AttentionCloseBody, type AttentionItem } from "@contracts/payments-attention.ts";
import { Button, Dialog, Form, TextField, toast, useFormErrors } from "@hosting-portal/shared-ui";
import { useState } from "react";
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
          toast.success("Closed", "The note is in the item's audit trail.");
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title="Close as handled" isOpen onOpenChange={(open) => !open && onClose()}>
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
          <TextField label="What was done" name="note" value={note} onChange={setNote} autoFocus />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={close.isPending}>
              Cancel
            </Button>
            <Button type="submit" isPending={close.isPending}>
              Close item
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
