import { AttentionCreditBody, type AttentionItem } from "@contracts/payments-attention.ts";
import {
  Button,
  Dialog,
  decimalInput,
  Form,
  formatEur,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { useCreditPayment } from "../api/payment-actions";
import { capturedAmount } from "./captured-amount";

/** Credits a mismatched capture to the customer: the EUR amount staff decide on, once. */
export function CreditPaymentDialog({
  item,
  onClose,
}: {
  item: AttentionItem;
  onClose: () => void;
}) {
  const t = useT();
  const expected =
    typeof item.detail.expected_amount === "string" ? item.detail.expected_amount : "";
  const [amount, setAmount] = useState(expected);
  const form = useFormErrors();
  const credit = useCreditPayment();
  const submit = () => {
    const parsed = form.validate(AttentionCreditBody, { amount: decimalInput(amount) });
    if (!parsed.success) return;
    credit.mutate(
      { id: item.id, amount: parsed.data.amount },
      {
        onSuccess: () => {
          toast.success(
            t("payments.credited"),
            item.email
              ? t("payments.creditedDetail", {
                  amount: formatEur(parsed.data.amount),
                  email: item.email,
                })
              : t("payments.creditedDetailUnknown", { amount: formatEur(parsed.data.amount) }),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog title={t("payments.credit")} isOpen onOpenChange={(open) => !open && onClose()}>
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
            {t("payments.creditNote", { amount: capturedAmount(item, "?") })}
          </p>
          <TextField
            label={t("credits.amount")}
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            autoFocus
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={credit.isPending}>
              {t("dialog.cancel")}
            </Button>
            <Button type="submit" isPending={credit.isPending}>
              {t("payments.creditConfirm")}
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
