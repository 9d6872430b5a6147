import { recordAudit } from "../audit/audit.ts";
import { issueDocument, sellerSettings } from "../invoices/issue.ts";
import { queuePaymentDenied } from "../mail/payments.ts";
import { queueTopUpReceipt } from "../mail/receipts.ts";
import type { Deps } from "../platform/context.ts";
import type { Sql } from "../platform/db.ts";
import { invariant } from "../platform/invariant.ts";
import { log } from "../platform/log.ts";
import type { PayPalCapture, PayPalOrder } from "../platform/ports.ts";
import { openAttention } from "./attention.service.ts";
import { applyDisputes, holdCapture, releaseCaptureHold } from "./disputes.service.ts";
import { recordRefundsOf } from "./refund-events.service.ts";
import { applyRefunds } from "./refunds.service.ts";
import {
  CREDITED,
  creditsOf,
  findOrder,
  MONEY,
  type OrderRow,
  type Source,
  statusIn,
  UNSETTLED,
} from "./top-up.service.ts";

interface CaptureFacts {
  orderId: string;
  captureId: string;
  status: string;
  amount: string | undefined;
  currency: string | undefined;
}

type CreditResult =
  | { outcome: "credited" | "already"; order: OrderRow; credits: string }
  | { outcome: "mismatch" | "unknown"; order?: OrderRow };

/** Why PayPal holds a completed capture PENDING again: the buyer disputes it. */
const HOLD_REASONS = new Set(["BUYER_COMPLAINT", "CHARGEBACK"]);

/** A capture that completed at PayPal, whatever happened to it since (refunds are rows of their own). */
const WAS_COMPLETED = new Set(["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED"]);

/**
 * The one exactly-once crediting path, shared by the capture call, the webhook and the reconciler.
 * The order row flips to 'completed' in the same SQL transaction as the credit, the ledger row and
 * the audit row; a concurrent caller blocks on that row and then finds it completed. The partial
 * unique index on transactions(paypal_transaction_id) is the second lock on the same door. Refunds
 * of this capture that arrived before it was credited are applied in the same transaction.
 */
export async function creditCapture(
  sql: Sql,
  facts: CaptureFacts,
  actorId: string | null,
  source: Source = actorId ? "capture" : "webhook",
): Promise<CreditResult> {
  if (!WAS_COMPLETED.has(facts.status)) return { outcome: "mismatch" };
  const amount = facts.amount && MONEY.test(facts.amount) ? facts.amount : null;
  const credited = await sql.begin(async (tx) => {
    const [order] = await tx<[OrderRow?]>`
      update paypal_orders
      set status = 'completed', capture_id = ${facts.captureId}, capture_status = 'COMPLETED', completed_at = now()
      where id = ${facts.orderId} and ${statusIn(tx, UNSETTLED)}
        and (capture_id is null or capture_id = ${facts.captureId})
        and currency = ${facts.currency ?? ""} and amount = ${amount}::numeric
      returning id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id,
        created_at, check_attempts`;
    if (!order) return null;
    const [profile] = await tx<[{ credits: string; before: string }?]>`
      update profiles set credits = credits + ${order.amount}
      where id = ${order.user_id}
      returning credits, credits - ${order.amount} as before`;
    invariant(profile, "the profile of a pending PayPal order");
    const [txn] = await tx<[{ id: string }?]>`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      values (${order.user_id}, ${order.amount}, 'paid', 'topup', ${facts.captureId})
      returning id`;
    invariant(txn, "the top-up's ledger row inserted");
    await tx`update paypal_orders set transaction_id = ${txn.id} where id = ${order.id}`;
    await recordAudit(tx, {
      actorId,
      action: "credits.topup",
      entity: "profile",
      entityId: order.user_id,
      before: { credits: profile.before },
      after: {
        credits: profile.credits,
        amount: order.amount,
        paypal_order_id: order.id,
        paypal_capture_id: facts.captureId,
        transaction_id: txn.id,
        source,
      },
    });
    await queueTopUpReceipt(tx, {
      userId: order.user_id,
      transactionId: txn.id,
      amount: order.amount,
      credits: profile.credits,
      captureId: facts.captureId,
    });
    // The payment receipt, before refunds that came early (their credit notes refer to it).
    await issueDocument(tx, sellerSettings(), {
      kind: "receipt",
      userId: order.user_id,
      transactionId: txn.id,
      description: `Credit top-up via PayPal (${facts.captureId})`,
      amount: order.amount,
      actorId,
    });
    const credits = (await applyRefunds(tx, facts.captureId)) ?? profile.credits;
    // Disputes PayPal told us about before the capture was credited hold from now on.
    await applyDisputes(tx, facts.captureId);
    return { order: { ...order, transaction_id: txn.id }, credits };
  });
  if (credited) return { outcome: "credited", ...credited };
  const order = await findOrder(sql, facts.orderId);
  if (!order) return { outcome: "unknown" };
  if (CREDITED.includes(order.status)) {
    return { outcome: "already", order, credits: await creditsOf(sql, order.user_id) };
  }
  log("warn", "paypal capture does not match the order", {
    paypal_order_id: facts.orderId,
    status: order.status,
    expected: `${order.amount} ${order.currency}`,
    got: `${facts.amount} ${facts.currency}`,
  });
  await holdMismatch(sql, order, facts);
  return { outcome: "mismatch", order };
}

/**
 * PayPal took money that does not match the order (amount or currency), or completed a capture of
 * an order already closed or failed here: nothing is credited, and instead of being read back for
 * ever (or only logged) the order waits for staff on the Payments page, who refund it at PayPal or
 * credit it by hand. Once.
 */
async function holdMismatch(sql: Sql, order: OrderRow, facts: CaptureFacts): Promise<void> {
  const amount = facts.amount && MONEY.test(facts.amount) ? facts.amount : null;
  await sql.begin(async (tx) => {
    const [held] = await tx`
      update paypal_orders set status = 'mismatch', capture_id = ${facts.captureId},
        capture_status = ${facts.status}, captured_amount = ${amount},
        captured_currency = ${facts.currency ?? null}, next_check_at = null
      where id = ${order.id} and ${statusIn(tx, [...UNSETTLED, "closed", "failed"])}
      returning id`;
    if (!held) return;
    await recordAudit(tx, {
      actorId: null,
      action: "billing.paypal.capture_mismatch",
      entity: "profile",
      entityId: order.user_id,
      after: {
        paypal_order_id: order.id,
        paypal_capture_id: facts.captureId,
        expected: `${order.amount} ${order.currency}`,
        got: `${facts.amount} ${facts.currency}`,
      },
    });
    await openAttention(tx, {
      kind: "mismatch",
      ref: order.id,
      userId: order.user_id,
      orderId: order.id,
      captureId: facts.captureId,
      amount,
      currency: facts.currency ?? null,
      detail: {
        expected_amount: order.amount,
        expected_currency: order.currency,
        // Closed or failed here (the buyer was told it failed), yet PayPal completed a capture.
        ...(order.status === "closed" || order.status === "failed"
          ? { order_status: order.status }
          : {}),
      },
    });
  });
}

/** purchase_units[0].payments.captures[0] (intent CAPTURE: an authorization is never money received). */
export function firstCapture(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

/**
 * What a read-back of a credited top-up says about its capture: PENDING for a complaint holds
 * the credits, completed again releases them.
 */
export async function followCapture(sql: Sql, capture: PayPalCapture | undefined): Promise<void> {
  if (!capture?.id) return;
  const reason = capture.status_details?.reason ?? "";
  if (capture.status === "PENDING" && HOLD_REASONS.has(reason)) {
    await holdCapture(sql, capture, reason);
  } else if (WAS_COMPLETED.has(capture.status)) {
    await sql.begin((tx) => releaseCaptureHold(tx, capture.id, "CAPTURE_COMPLETED"));
  }
}

export type Settlement =
  | { kind: "credited"; order: OrderRow; credits: string }
  | { kind: "pending"; captureId: string }
  | { kind: "failed"; status: string }
  | { kind: "credit_failed" }
  | { kind: "mismatch" }
  | { kind: "not_captured"; paypalStatus: string };

/**
 * Applies what PayPal says about an order: a completed capture is credited (once), a PENDING one
 * is remembered (credited when PayPal completes it), a DECLINED or FAILED one closes the order.
 * When crediting fails after PayPal completed the capture, the capture is recorded ('captured')
 * with an audit row, and the reconciler credits it later: money taken is never forgotten.
 */
export async function settle(
  deps: Deps,
  orderId: string,
  paypalOrder: PayPalOrder,
  actorId: string | null,
  source: Source,
): Promise<Settlement> {
  const capture = firstCapture(paypalOrder);
  if (!capture?.id) return { kind: "not_captured", paypalStatus: paypalOrder.status };
  // Refunds PayPal already made are recorded first, so that crediting the capture applies them in
  // the same transaction: a capture refunded before it was credited never shows in full.
  await recordRefundsOf(deps.sql, paypalOrder);
  return await settleCapture(
    deps.sql,
    deps.config.PAYPAL_RECONCILE_AFTER_SECONDS,
    orderId,
    capture,
    actorId,
    source,
  );
}

export async function settleCapture(
  sql: Sql,
  recheckSeconds: number,
  orderId: string,
  capture: PayPalCapture,
  actorId: string | null,
  source: Source,
): Promise<Settlement> {
  if (WAS_COMPLETED.has(capture.status)) {
    try {
      const result = await creditCapture(
        sql,
        {
          orderId,
          captureId: capture.id,
          status: capture.status,
          amount: capture.amount?.value,
          currency: capture.amount?.currency_code,
        },
        actorId,
        source,
      );
      if (result.outcome === "already") {
        // PayPal completed a capture it held for a complaint again: the seller kept the money.
        await sql.begin((tx) => releaseCaptureHold(tx, capture.id, "CAPTURE_COMPLETED"));
      }
      if (result.outcome === "credited" || result.outcome === "already") {
        return { kind: "credited", order: result.order, credits: result.credits };
      }
      return { kind: "mismatch" };
    } catch (err) {
      log("error", "crediting a paypal capture failed", {
        paypal_order_id: orderId,
        error: String(err),
      });
      await sql.begin(async (tx) => {
        const [order] = await tx<[{ user_id: string }?]>`
          update paypal_orders set status = 'captured', capture_id = ${capture.id}, capture_status = ${capture.status},
            next_check_at = now() + make_interval(secs => ${recheckSeconds})
          where id = ${orderId} and ${statusIn(tx, UNSETTLED)}
          returning user_id`;
        if (!order) return;
        await recordAudit(tx, {
          actorId: null,
          action: "billing.paypal.credit_failed",
          entity: "profile",
          entityId: order.user_id,
          after: {
            paypal_order_id: orderId,
            paypal_capture_id: capture.id,
            amount: capture.amount?.value,
            error: String(err).slice(0, 300),
            retry: "the reconciler credits it",
            source,
          },
        });
      });
      return { kind: "credit_failed" };
    }
  }
  if (capture.status === "PENDING") {
    const reason = capture.status_details?.reason ?? "";
    if (HOLD_REASONS.has(reason) && (await holdCapture(sql, capture, reason))) {
      // A credited capture PayPal holds again for a complaint: the credits are held, not taken.
      return { kind: "pending", captureId: capture.id };
    }
    await sql`
      update paypal_orders set status = 'pending', capture_id = ${capture.id}, capture_status = 'PENDING',
        next_check_at = coalesce(next_check_at, now() + make_interval(secs => ${recheckSeconds}))
      where id = ${orderId} and status in ('created', 'pending')`;
    return { kind: "pending", captureId: capture.id };
  }
  // DECLINED, DENIED or FAILED: nothing was received; the order cannot be captured again.
  await sql.begin(async (tx) => {
    const [order] = await tx<[{ user_id: string; amount: string; was: string }?]>`
      with old as (select id, status from paypal_orders where id = ${orderId} for update)
      update paypal_orders p set status = 'failed', capture_id = ${capture.id},
        capture_status = ${capture.status},
        denied_at = case when old.status = 'pending' then now() end
      from old where p.id = old.id and old.status in ('created', 'pending')
      returning p.user_id, p.amount::text, old.status as was`;
    if (!order) return;
    if (order.was === "pending") {
      // The buyer was told the payment was pending and would be credited: tell them it was not.
      await queuePaymentDenied(tx, {
        userId: order.user_id,
        orderId,
        amount: order.amount,
        captureId: capture.id,
      });
    }
    await recordAudit(tx, {
      actorId: null,
      action: "billing.paypal.capture_failed",
      entity: "profile",
      entityId: order.user_id,
      after: {
        paypal_order_id: orderId,
        paypal_capture_id: capture.id,
        status: capture.status,
        source,
      },
    });
  });
  return { kind: "failed", status: capture.status };
}
