import { billingMessages as msg } from "@contracts/billing.ts";
import { contractMessage, Skeleton, toast } from "@hosting-portal/shared-ui";
import { loadScript } from "@paypal/paypal-js";
import { useEffect, useRef, useState } from "react";
import { createOrder } from "../api/create-order";
import * as styles from "./billing.css";
import { showCreateError } from "./payment-feedback";
import { useCompletePayment } from "./use-complete-payment";

interface Props {
  clientId: string;
  takeAmount(): string | null;
}

/** PayPal's own buttons (EUR, capture intent); the API creates and captures every order. */
export function PayPalButtons({ clientId, takeAmount }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(true);
  const completePayment = useCompletePayment();
  // The buttons are rendered once; the callbacks read the latest props through this ref.
  const latest = useRef({ takeAmount, completePayment });
  latest.current = { takeAmount, completePayment };

  useEffect(() => {
    let cancelled = false;
    let buttons: { close(): Promise<void> } | null = null;
    let createErrorShown = false;
    loadScript({ clientId, currency: "EUR", intent: "capture" })
      .then(async (paypal) => {
        if (cancelled || !paypal?.Buttons || !container.current) return;
        const b = paypal.Buttons({
          style: { layout: "vertical", label: "pay" },
          createOrder: async () => {
            const amount = latest.current.takeAmount();
            if (!amount) throw new Error("invalid amount");
            createErrorShown = false;
            try {
              const order = await createOrder({ amount, request_id: crypto.randomUUID() });
              return order.id;
            } catch (err) {
              // One toast: PayPal's onError follows this rejection and must not add a second one.
              showCreateError(err);
              createErrorShown = true;
              throw err;
            }
          },
          onApprove: async (data, actions) => {
            const outcome = await latest.current.completePayment(data.orderID);
            // INSTRUMENT_DECLINED: PayPal lets the buyer choose another funding source.
            if (outcome === "declined") await actions.restart();
          },
          // The buyer closed PayPal's window: nothing was charged, the order is left to expire.
          onCancel: () =>
            toast.info(contractMessage(msg.cancelled), contractMessage(msg.cancelledDetail)),
          onError: () => {
            if (createErrorShown) {
              createErrorShown = false;
              return;
            }
            toast.error(contractMessage(msg.paymentErrorTitle), contractMessage(msg.paymentError));
          },
        });
        buttons = b;
        await b.render(container.current);
        if (!cancelled) setLoading(false);
      })
      .catch(() => {
        if (!cancelled) {
          setLoading(false);
          toast.error(contractMessage(msg.paymentErrorTitle), contractMessage(msg.initiateFailed));
        }
      });
    return () => {
      cancelled = true;
      void buttons?.close().catch(() => {});
    };
  }, [clientId]);

  return (
    <div className={styles.paymentContainer}>
      {loading && <Skeleton height={48} />}
      <div ref={container} data-testid="paypal-buttons" />
    </div>
  );
}
