import { type CreateOrderResponse, billingMessages as msg } from "@contracts/billing.ts";
import { Badge, Button, contractMessage, formatEur, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import { approveSandboxOrder } from "../api/approve-sandbox-order";
import { createOrder } from "../api/create-order";
import * as styles from "./billing.css";
import { showCreateError } from "./payment-feedback";
import { useCompletePayment } from "./use-complete-payment";

interface Props {
  /** Validates the typed amount (toasting 'Invalid Amount') and returns it, or null. */
  takeAmount(): string | null;
}

/**
 * Offline checkout against the PayPal simulator: the same create → approve → capture path as
 * PayPal's buttons, with the buyer's approval given here instead of in PayPal's window.
 */
export function SandboxCheckout({ takeAmount }: Props) {
  const t = useT();
  const [order, setOrder] = useState<CreateOrderResponse | null>(null);
  const [step, setStep] = useState<"idle" | "creating" | "approving" | "paid">("idle");
  const completePayment = useCompletePayment();

  const start = async () => {
    const amount = takeAmount();
    if (!amount) return;
    setStep("creating");
    try {
      setOrder(await createOrder({ amount, request_id: crypto.randomUUID() }));
      setStep("idle");
    } catch (err) {
      showCreateError(err);
      setStep("idle");
    }
  };

  const approve = async () => {
    if (!order) return;
    setStep("approving");
    try {
      await approveSandboxOrder(order.id);
    } catch (err) {
      showCreateError(err);
      setStep("idle");
      return;
    }
    const outcome = await completePayment(order.id);
    if (outcome === "paid" || outcome === "pending") setStep("paid");
    else {
      setStep("idle");
      if (outcome === "failed") setOrder(null);
    }
  };

  const cancel = () => {
    setOrder(null);
    toast.info(contractMessage(msg.cancelled), contractMessage(msg.cancelledDetail));
  };

  return (
    <div className={styles.sandbox} data-testid="sandbox-checkout">
      <div className={styles.sandboxHeader}>
        <span>{t("sandbox.title")}</span>
        <Badge tone="warning">{t("sandbox.badge")}</Badge>
      </div>
      <p className={styles.hint}>{t("sandbox.hint")}</p>
      {order ? (
        <div className={styles.approval} aria-live="polite">
          <strong>{t("sandbox.approveOf", { amount: formatEur(order.amount) })}</strong>
          <span className={styles.hint}>
            {t("sandbox.order")} <span className={styles.mono}>{order.id}</span>
          </span>
          <div className={styles.actions}>
            <Button onPress={approve} isPending={step === "approving"} isDisabled={step === "paid"}>
              {t("sandbox.approve")}
            </Button>
            <Button
              variant="secondary"
              onPress={cancel}
              isDisabled={step === "approving" || step === "paid"}
            >
              {t("sandbox.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <Button onPress={start} isPending={step === "creating"}>
          {t("sandbox.pay")}
        </Button>
      )}
    </div>
  );
}
