import { AttentionCreditBody, type AttentionItem } from "@contracts/payments-attention.ts";
import {
  Button,
  Dialog,
  Form,
  formatEur,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { useCreditPayment } from "../api/payment-actions";

/** Credits a mismatched capture to the customer: the EUR amount staff decide on, once. */
export function CreditPaymentDialog({
  item,
  onClose,
}: {
  item: AttentionItem;
  onClose: () => void;
}) {
  const expected =
    typeof item.detail.expected_amount === "string" ? item.detail.expected_amount : "";
  const [amount, setAmount] = useState(expected);
  const form = useFormErrors();
  const credit = useCreditPayment();
  const submit = () => {
    const parsed = form.validate(AttentionCreditBody, { amount });
    if (!parsed.success) return;
    credit.mutate(
      { id: item.id, amount: parsed.data.amount },
      {
        onSuccess: () => {
          toast.success(
            "Credited",
            `${formatEur(parsed.data.amount)} added for ${item.email ?? "the customer"}.`,
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title="Credit by hand" isOpen onOpenChange={(open) => !open && onClose()}>
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
          <p className={styles.note}>
            PayPal took {item.amount ?? "?"} {item.currency ?? ""}. The customer gets the amount
            below as this top-up (a ledger row and a receipt); PayPal keeps the payment.
          </p>
          <TextField
            label="Amount (EUR)"
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            autoFocus
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={credit.isPending}>
              Cancel
            </Button>
            <Button type="submit" isPending={credit.isPending}>
              Credit
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
