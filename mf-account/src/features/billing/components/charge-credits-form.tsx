import { billingMessages as msg, QUICK_AMOUNTS, TopUpAmount } from "@contracts/billing.ts";
import {
  Button,
  Card,
  formatEur,
  Skeleton,
  TextField,
  useFormErrors,
  useProfile,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useBillingConfig } from "../api/get-billing-config";
import * as styles from "./billing.css";
import { PayPalButtons } from "./paypal-buttons";
import { SandboxCheckout } from "./sandbox-checkout";

/** /charge-credits: amount (5 to 300 EUR, step 0.01), quick amounts, then PayPal or the sandbox. */
export function ChargeCreditsForm() {
  const [amount, setAmount] = useState("25");
  const form = useFormErrors();
  const config = useBillingConfig();
  const profile = useProfile();
  const parsed = TopUpAmount.safeParse(amount);

  // The same schema as the API, so the page refuses what the API would refuse, with its message.
  const takeAmount = () => {
    const result = form.validate(TopUpAmount, amount, {
      title: msg.invalidAmountTitle,
      field: "amount",
    });
    return result.success ? result.data : null;
  };

  return (
    <div className={styles.layout}>
      <div className={styles.stack}>
        <Card title="Amount" description="Top up between 5 and 300 EUR.">
          <div className={styles.stack}>
            <TextField
              label="Amount (EUR)"
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(v) => {
                setAmount(v);
                form.clear();
              }}
              isInvalid={Boolean(form.errors.amount)}
              errorMessage={form.errors.amount}
              description="Minimum 5.00 EUR, maximum 300.00 EUR, in steps of 0.01."
            />
            <fieldset className={styles.fieldset}>
              <legend className={styles.quickLabel}>Quick amounts</legend>
              <div className={styles.quickAmounts}>
                {QUICK_AMOUNTS.map((q) => (
                  <Button
                    key={q}
                    variant="secondary"
                    size="sm"
                    className={
                      parsed.success && parsed.data === `${q}.00` ? styles.selected : undefined
                    }
                    onPress={() => {
                      setAmount(q);
                      form.clear();
                    }}
                  >
                    {q} EUR
                  </Button>
                ))}
              </div>
            </fieldset>
          </div>
        </Card>
        <Card title="Payment" description="Pay securely with PayPal, a card or a wallet.">
          <div className={styles.paymentContainer} data-testid="payment-container">
            {config.isPending ? (
              <Skeleton height={48} />
            ) : config.data?.mode === "paypal" && config.data.client_id ? (
              <PayPalButtons clientId={config.data.client_id} takeAmount={takeAmount} />
            ) : config.data ? (
              <SandboxCheckout takeAmount={takeAmount} />
            ) : (
              <p className={styles.hint}>{msg.initiateFailed}</p>
            )}
          </div>
        </Card>
      </div>
      <Card title="Summary">
        <dl className={styles.summary}>
          <dt>Current balance</dt>
          <dd>{profile.isPending ? <Skeleton width={80} /> : formatEur(profile.data?.credits)}</dd>
          <dt>Top-up</dt>
          <dd>{parsed.success ? formatEur(parsed.data) : "—"}</dd>
          <dt className={styles.total}>Currency</dt>
          <dd className={styles.total}>EUR</dd>
        </dl>
        <p className={styles.hint}>
          Credits are added as soon as PayPal confirms the payment, and show in your transactions.
        </p>
      </Card>
    </div>
  );
}
