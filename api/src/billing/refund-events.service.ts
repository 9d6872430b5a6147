import type { Sql } from "../platform/db.ts";
import type { PayPalOrder } from "../platform/ports.ts";
import { openAttention } from "./attention.service.ts";
import { releaseCaptureHold } from "./disputes.service.ts";
import { applyRefunds } from "./refunds.service.ts";
import { MONEY } from "./top-up.service.ts";

// What PayPal says about a top-up's refunds and reversals (a webhook, or the order read back),
// recorded and then applied (refunds.service.ts). Apart from refunds.service.ts because a reversal
// also ends a complaint hold (disputes.service.ts), and disputes apply refunds in turn.

export interface RefundFacts {
  refundId: string;
  captureId: string;
  kind: "refund" | "reversal";
  status: string;
  amount: string;
  currency: string;
}

/**
 * Records a refund or reversal (chargeback) by PayPal's refund id, whatever its status; a later
 * event for the same refund updates the status until it has been applied. Then applies it.
 * Returns whether the capture is one of this portal's top-ups.
 */
export async function recordRefund(sql: Sql, r: RefundFacts): Promise<boolean> {
  // A refund's state only moves forward (PENDING to COMPLETED, FAILED or CANCELLED): a late
  // PENDING event after its COMPLETED one must not turn it back and leave it never debited.
  await sql`
    insert into paypal_refunds (id, capture_id, kind, status, amount, currency)
    values (${r.refundId}, ${r.captureId}, ${r.kind}, ${r.status}, ${r.amount}, ${r.currency})
    on conflict (id) do update set status = excluded.status, updated_at = now()
    where paypal_refunds.applied_at is null and paypal_refunds.status = 'PENDING'`;
  const known = await sql.begin(async (tx) => {
    const [order] = await tx<[{ id: string; user_id: string }?]>`
      select id, user_id from paypal_orders where capture_id = ${r.captureId}`;
    if (!order) return false;
    await applyRefunds(tx, r.captureId);
    if (r.status === "FAILED") {
      // PayPal could not pay this refund to the buyer: the money is still ours, the buyer waits.
      await openAttention(tx, {
        kind: "refund_failed",
        ref: r.refundId,
        userId: order.user_id,
        orderId: order.id,
        captureId: r.captureId,
        amount: r.amount,
        currency: r.currency,
        detail: { paypal_refund_id: r.refundId, refund_kind: r.kind },
      });
    }
    // A reversal is the outcome of a complaint PayPal held the capture for: that hold is over.
    if (r.kind === "reversal" && r.status === "COMPLETED") {
      await releaseCaptureHold(tx, r.captureId, "REVERSED");
    }
    return true;
  });
  return known;
}

/**
 * The refunds PayPal lists under an order (GET order's payments.refunds), recorded and applied
 * exactly as their webhooks would be: found by reading the order back, a refund counts even when
 * its webhook never arrived. Returns how many the order lists.
 */
export async function recordRefundsOf(sql: Sql, order: PayPalOrder): Promise<number> {
  const payments = order.purchase_units?.[0]?.payments;
  const captureId = payments?.captures?.[0]?.id;
  const refunds = (payments?.refunds ?? []).filter(
    (r) => r.id && r.amount && MONEY.test(r.amount.value),
  );
  if (!captureId) return 0;
  for (const r of refunds) {
    await recordRefund(sql, {
      refundId: r.id,
      captureId,
      kind: "refund",
      status: r.status,
      amount: r.amount!.value,
      currency: r.amount!.currency_code,
    });
  }
  return refunds.length;
}
