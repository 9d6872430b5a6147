import { type AdminUser, CreditAdjustmentBody, type CreditOperation } from "@contracts/admin.ts";
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
import { useAdjustCredits } from "../api/adjust-credits";

/** Add or remove credits; the server applies it atomically and floors a removal at 0. */
export function CreditsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [amount, setAmount] = useState("");
  // One key per change: kept while the same change is retried, replaced once it has an answer.
  const [attempt, setAttempt] = useState<{ change: string; key: string } | null>(null);
  const form = useFormErrors();
  const adjust = useAdjustCredits();

  const submit = (operation: CreditOperation) => {
    const parsed = form.validate(CreditAdjustmentBody, { operation, amount });
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
          const verb = operation === "add" ? "Added" : "Removed";
          const floored = operation === "remove" && applied !== parsed.data.amount;
          toast.success(
            "Credits updated",
            `${verb} ${formatEur(applied)} for ${user.username}${floored ? " (balance floored at 0)" : ""}. New balance: ${formatEur(result.user.credits)}`,
          );
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={`Manage credits: ${user.username}`}
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
            Current balance: <strong>{formatEur(user.credits)}</strong>. Removing more than the
            balance sets it to 0.00. Every change is written to the ledger as an admin adjustment.
          </p>
          <TextField
            label="Amount (EUR)"
            name="amount"
            inputMode="decimal"
            placeholder="10.00"
            value={amount}
            onChange={setAmount}
            autoFocus
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={adjust.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => submit("remove")} isPending={adjust.isPending}>
              Remove credits
            </Button>
            <Button type="submit" isPending={adjust.isPending}>
              Add credits
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
