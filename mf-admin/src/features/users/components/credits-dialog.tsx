import { type AdminUser, CreditAdjustmentBody, type CreditOperation } from "@contracts/admin.ts";
import {
  Button,
  Dialog,
  decimalInput,
  Form,
  formatEur,
  richText,
  strong,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { useAdjustCredits } from "../api/adjust-credits";

/** Add or remove credits; the server applies it atomically and floors a removal at 0. */
export function CreditsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT();
  const [amount, setAmount] = useState("");
  // One key per change: kept while the same change is retried, replaced once it has an answer.
  const [attempt, setAttempt] = useState<{ change: string; key: string } | null>(null);
  const form = useFormErrors();
  const adjust = useAdjustCredits();

  const submit = (operation: CreditOperation) => {
    const parsed = form.validate(CreditAdjustmentBody, { operation, amount: decimalInput(amount) });
    if (!parsed.success) return;
    const change = `${operation}:${parsed.data.amount}`;
    const key = attempt?.change === change ? attempt.key : `web-${crypto.randomUUID()}`;
    setAttempt({ change, key });
    adjust.mutate(
      { userId: user.id, operation, amount: parsed.data.amount, idempotencyKey: key },
      {
        onSuccess: (result) => {
          setAttempt(null);
          const applied = result.applied.replace(/^-/, "");
          const floored = operation === "remove" && applied !== parsed.data.amount;
          toast.success(
            t("credits.updated"),
            t(
              operation === "add"
                ? "credits.added"
                : floored
                  ? "credits.removedFloored"
                  : "credits.removed",
              {
                amount: formatEur(applied),
                name: user.username,
                balance: formatEur(result.user.credits),
              },
            ),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={t("credits.title", { name: user.username })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <Form
        validationErrors={form.errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          submit("add");
        }}
        className={styles.dialogBody}
      >
        {/* Clearing errors while typing, not on blur, keeps the submit button from moving under the pointer. */}
        <div className={styles.contents} onInput={form.clear}>
          <p className={styles.note}>
            {richText(t("credits.note", { balance: formatEur(user.credits) }), [strong])}
          </p>
          <TextField
            label={t("credits.amount")}
            name="amount"
            inputMode="decimal"
            placeholder="10.00"
            value={amount}
            onChange={setAmount}
            autoFocus
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={adjust.isPending}>
              {t("credits.cancel")}
            </Button>
            <Button variant="danger" onPress={() => submit("remove")} isPending={adjust.isPending}>
              {t("credits.remove")}
            </Button>
            <Button type="submit" isPending={adjust.isPending}>
              {t("credits.add")}
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
