import { billingMessages as msg, QUICK_AMOUNTS, TopUpAmount } from "@contracts/billing.ts";
import {
  Button,
  Card,
  contractMessage,
  decimalInput,
  formatEur,
  Skeleton,
  TextField,
  useFormErrors,
  useProfile,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import { useBillingConfig } from "../api/get-billing-config";
import * as styles from "./billing.css";
import { PayPalButtons } from "./paypal-buttons";
import { SandboxCheckout } from "./sandbox-checkout";

/** /charge-credits: amount (5 to 300 EUR, step 0.01), quick amounts, then PayPal or the sandbox. */
export function ChargeCreditsForm() {
  const t = useT();
  const [amount, setAmount] = useState("25");
  const form = useFormErrors();
  const config = useBillingConfig();
  const profile = useProfile();
  const parsed = TopUpAmount.safeParse(decimalInput(amount));

  // The same schema as the API, so the page refuses what the API would refuse, with its message.
  const takeAmount = () => {
    const result = form.validate(TopUpAmount, decimalInput(amount), {
      title: contractMessage(msg.invalidAmountTitle),
      field: "amount",
    });
    return result.success ? result.data : null;
  };

  return (
    <div className={styles.layout}>
      <div className={styles.stack}>
        <Card title={t("charge.amountTitle")} description={t("charge.amountDescription")}>
          <div className={styles.stack}>
            <TextField
              label={t("charge.amountLabel")}
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(v) => {
                setAmount(v);
                form.clear();
              }}
              isInvalid={Boolean(form.errors.amount)}
              errorMessage={form.errors.amount}
              description={t("charge.amountHint")}
            />
            <fieldset className={styles.fieldset}>
              <legend className={styles.quickLabel}>{t("charge.quick")}</legend>
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
                    {t("charge.quickAmount", { amount: q })}
                  </Button>
                ))}
              </div>
            </fieldset>
          </div>
        </Card>
        <Card title={t("charge.paymentTitle")} description={t("charge.paymentDescription")}>
          <div className={styles.paymentContainer} data-testid="payment-container">
            {config.isPending ? (
              <Skeleton height={48} />
            ) : config.data?.mode === "paypal" && config.data.client_id ? (
              <PayPalButtons clientId={config.data.client_id} takeAmount={takeAmount} />
            ) : config.data ? (
              <SandboxCheckout takeAmount={takeAmount} />
            ) : (
              <p className={styles.hint}>{contractMessage(msg.initiateFailed)}</p>
            )}
          </div>
        </Card>
      </div>
      <Card title={t("charge.summary")}>
        <dl className={styles.summary}>
          <dt>{t("charge.balance")}</dt>
          <dd>{profile.isPending ? <Skeleton width={80} /> : formatEur(profile.data?.credits)}</dd>
          <dt>{t("charge.topUp")}</dt>
          <dd>{parsed.success ? formatEur(parsed.data) : "—"}</dd>
          <dt className={styles.total}>{t("charge.currency")}</dt>
          <dd className={styles.total}>EUR</dd>
        </dl>
        <p className={styles.hint}>{t("charge.note")}</p>
      </Card>
    </div>
  );
}
