import { recordAudit } from "../audit/audit.ts";
import { issueDocument, sellerSettings } from "../invoices/issue.ts";
import { queueCreditsHeld } from "../mail/payments.ts";
import type { Sql, Tx } from "../platform/db.ts";
import { invariant } from "../platform/invariant.ts";
import { closeAttention, openAttention } from "./attention.service.ts";
import { applyRefunds, markTopUp } from "./refunds.service.ts";
import { CREDITED, type OrderRow, statusIn } from "./top-up.service.ts";

// Disputes (PayPal's CUSTOMER.DISPUTE.* events) and complaint holds of credited top-ups.

/** Outcomes where the buyer gets the money: taken back from the balance like a reversal. */
const BUYER_WINS = new Set(["RESOLVED_BUYER_FAVOUR"]);
/**
 * Outcomes where the seller keeps the money: the hold ends, and what a reversal of the capture
 * took is given back. (ACCEPTED means the seller refunded: that refund arrives as a refund of its
 * own, so the outcome itself moves nothing.)
 */
const SELLER_WINS = new Set([
  "RESOLVED_SELLER_FAVOUR",
  "CANCELED_BY_BUYER",
  "DENIED",
  "RESOLVED_WITH_PAYOUT",
]);

export interface DisputeFacts {
  disputeId: string;
  captureId: string;
  amount: string;
  currency: string;
  paypalStatus: string;
  /** dispute_outcome.outcome_code once PayPal resolved it, else null. */
  outcome: string | null;
  /** What the buyer got back (dispute_outcome.amount_refunded), when PayPal says. */
  refunded?: string | null;
}

/** The hold of a credited capture PayPal put back to PENDING for a complaint or chargeback. */
const holdId = (captureId: string) => `HOLD-${captureId}`;

/**
 * Records what PayPal says about a dispute and applies it, once, whatever order its events come
 * in: an open dispute holds its amount; a resolved one never opens again, and its outcome moves
 * money once. Returns whether the capture is one of this portal's top-ups.
 */
export async function recordDispute(sql: Sql, d: DisputeFacts): Promise<boolean> {
  return await sql.begin(async (tx) => {
    await lockOrderOf(tx, d.captureId);
    const resolved = d.outcome !== null;
    await tx`
      insert into paypal_disputes (id, capture_id, amount, currency, status, paypal_status, outcome, resolved_at)
      values (${d.disputeId}, ${d.captureId}, ${resolved && d.refunded ? d.refunded : d.amount},
        ${d.currency}, ${resolved ? "resolved" : "open"}, ${d.paypalStatus}, ${d.outcome},
        ${resolved ? new Date() : null})
      on conflict (id, capture_id) do update set
        amount = case when paypal_disputes.status = 'open' then excluded.amount else paypal_disputes.amount end,
        paypal_status = case when paypal_disputes.status = 'open' then excluded.paypal_status else paypal_disputes.paypal_status end,
        outcome = coalesce(paypal_disputes.outcome, excluded.outcome),
        resolved_at = coalesce(paypal_disputes.resolved_at, excluded.resolved_at),
        status = case when paypal_disputes.status = 'resolved' then 'resolved' else excluded.status end,
        updated_at = now()`;
    return await applyDisputes(tx, d.captureId);
  });
}

/**
 * A credited capture PayPal holds PENDING for BUYER_COMPLAINT or CHARGEBACK: the whole top-up is
 * held like an open dispute until PayPal completes the capture again or reverses it.
 */
export async function holdCapture(
  sql: Sql,
  capture: { id: string; amount?: { value: string; currency_code: string } },
  reason: string,
): Promise<boolean> {
  return await sql.begin(async (tx) => {
    const [order] = await tx<[{ amount: string; currency: string }?]>`
      select amount, currency from paypal_orders
      where capture_id = ${capture.id} and ${statusIn(tx, CREDITED)}
      for update`;
    if (!order) return false;
    await tx`
      insert into paypal_disputes (id, capture_id, amount, currency, status, paypal_status)
      values (${holdId(capture.id)}, ${capture.id}, ${order.amount}, ${order.currency}, 'open', ${reason})
      on conflict (id, capture_id) do nothing`;
    return await applyDisputes(tx, capture.id);
  });
}

/** The complaint hold of a capture ends (PayPal completed it again, or reversed it). */
export async function releaseCaptureHold(tx: Tx, captureId: string, why: string): Promise<void> {
  await lockOrderOf(tx, captureId);
  const [released] = await tx`
    update paypal_disputes set status = 'resolved', outcome = ${why}, resolved_at = now(),
      updated_at = now()
    where id = ${holdId(captureId)} and capture_id = ${captureId} and status = 'open'
    returning id`;
  if (released) await applyDisputes(tx, captureId);
}

/**
 * Every path takes the top-up's order row before its dispute rows (applyDisputes and
 * applyRefunds lock in that order too), so two events about one capture wait for each other
 * instead of deadlocking.
 */
async function lockOrderOf(tx: Tx, captureId: string): Promise<void> {
  await tx`select 1 from paypal_orders where capture_id = ${captureId} for update`;
}

/**
 * Applies the disputes of a credited capture: each open one is on the Payments page; each
 * resolved one has its outcome applied once (outcome_applied_at) and leaves the page; then the
 * profile's held amount is computed again. A capture not credited yet waits: crediting it calls
 * this in the same transaction.
 */
export async function applyDisputes(tx: Tx, captureId: string): Promise<boolean> {
  const [order] = await tx<[OrderRow?]>`
    select id, user_id, amount, currency, status, transaction_id from paypal_orders
    where capture_id = ${captureId} and ${statusIn(tx, CREDITED)}
    for update`;
  if (!order) {
    const [known] = await tx`select 1 from paypal_orders where capture_id = ${captureId}`;
    return !!known;
  }
  const disputes = await tx<
    {
      id: string;
      amount: string;
      currency: string;
      status: "open" | "resolved";
      outcome: string | null;
      paypal_status: string | null;
    }[]
  >`
    select id, amount, currency, status, outcome, paypal_status from paypal_disputes
    where capture_id = ${captureId} and outcome_applied_at is null
    order by created_at, id
    for update`;
  for (const d of disputes) {
    const ref = `${d.id}:${captureId}`;
    if (d.status === "open") {
      const opened = await openAttention(tx, {
        kind: "dispute",
        ref,
        userId: order.user_id,
        orderId: order.id,
        captureId,
        amount: d.amount,
        currency: d.currency,
        detail: { paypal_dispute_id: d.id, reason: d.paypal_status },
      });
      // The customer can no longer spend it: told once, when it is put on hold.
      if (opened) {
        await queueCreditsHeld(tx, {
          userId: order.user_id,
          disputeId: d.id,
          captureId,
          amount: d.amount,
        });
      }
      continue;
    }
    const outcome = d.outcome ?? "NONE";
    if (BUYER_WINS.has(outcome) && d.currency === order.currency) {
      await tx`
        insert into paypal_refunds (id, capture_id, kind, status, amount, currency, dispute_id)
        values (${`DISPUTE-${d.id}`}, ${captureId}, 'reversal', 'COMPLETED', ${d.amount}, ${d.currency}, ${d.id})
        on conflict (id) do nothing`;
      await applyRefunds(tx, captureId);
    } else if (SELLER_WINS.has(outcome)) {
      await restoreReversals(tx, order, captureId, d.id);
    }
    await tx`
      update paypal_disputes set outcome_applied_at = now()
      where id = ${d.id} and capture_id = ${captureId}`;
    // Opened now and closed at once when the first event PayPal delivered was the resolution:
    // the trail still shows the dispute happened.
    await openAttention(tx, {
      kind: "dispute",
      ref,
      userId: order.user_id,
      orderId: order.id,
      captureId,
      amount: d.amount,
      currency: d.currency,
      detail: { paypal_dispute_id: d.id, reason: d.paypal_status },
    });
    await closeAttention(tx, { kind: "dispute", ref }, `paypal:${outcome}`, null, {
      outcome,
    });
  }
  await recomputeHeld(tx, order.user_id);
  return true;
}

/**
 * The seller won: what PayPal's reversals of this capture debited goes back to the balance, once
 * (restored_at), with its ledger row and a receipt; the top-up shows as paid again.
 */
async function restoreReversals(
  tx: Tx,
  order: OrderRow,
  captureId: string,
  disputeId: string,
): Promise<void> {
  const reversals = await tx<{ id: string; debited: string }[]>`
    update paypal_refunds set restored_at = now(), updated_at = now()
    where capture_id = ${captureId} and kind = 'reversal' and dispute_id is null
      and applied_at is not null and restored_at is null
    returning id, debited::text`;
  for (const r of reversals) {
    if (r.debited === "0.00") continue;
    const [change] = await tx<[{ before: string; after: string }?]>`
      update profiles set credits = credits + ${r.debited}::numeric where id = ${order.user_id}
      returning (credits - ${r.debited}::numeric)::text as before, credits::text as after`;
    invariant(change, "the profile of a disputed top-up");
    const [txn] = await tx<[{ id: string }?]>`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      values (${order.user_id}, ${r.debited}::numeric, 'paid', 'reversal', ${`RESTORED-${r.id}`})
      returning id`;
    invariant(txn, "the restored reversal's ledger row");
    await issueDocument(tx, sellerSettings(), {
      kind: "receipt",
      userId: order.user_id,
      transactionId: txn.id,
      description: `PayPal dispute ${disputeId} decided for the seller: reversal ${r.id} given back`,
      amount: r.debited,
      actorId: null,
    });
    await recordAudit(tx, {
      actorId: null,
      action: "credits.reversal_restored",
      entity: "profile",
      entityId: order.user_id,
      before: { credits: change.before },
      after: {
        credits: change.after,
        restored: r.debited,
        paypal_refund_id: r.id,
        paypal_dispute_id: disputeId,
        paypal_order_id: order.id,
        paypal_capture_id: captureId,
        transaction_id: txn.id,
      },
    });
  }
  if (reversals.length) await markTopUp(tx, captureId, order);
}

/**
 * What a profile's open disputes hold: per capture the largest open dispute, never more than what
 * is left of the top-up after refunds and reversals already taken back. Only the one money path
 * (shop/money.ts) reads it.
 */
export async function recomputeHeld(tx: Tx, userId: string): Promise<void> {
  await tx`
    with held as (
      select coalesce(sum(h), 0)::numeric(12, 2) as held from (
        select greatest(least(max(d.amount), o.amount - coalesce((
            select sum(r.debited + r.shortfall) from paypal_refunds r
            where r.capture_id = d.capture_id and r.applied_at is not null and r.restored_at is null
          ), 0)), 0) as h
        from paypal_disputes d
          join paypal_orders o on o.capture_id = d.capture_id
            and ${statusIn(tx, CREDITED, "o.status")} and o.currency = d.currency
        where o.user_id = ${userId} and d.status = 'open'
        group by d.capture_id, o.amount
      ) x
    )
    update profiles p set credits_held = held.held
    from held where p.id = ${userId} and p.credits_held <> held.held`;
}
