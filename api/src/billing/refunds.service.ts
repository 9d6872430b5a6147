import { recordAudit } from "../audit/audit.ts";
import { issueDocument, receiptOf, sellerSettings } from "../invoices/issue.ts";
import type { Sql, Tx } from "../platform/db.ts";
import { invariant } from "../platform/invariant.ts";
import { log } from "../platform/log.ts";
import { openAttention } from "./attention.service.ts";
import { CREDITED, MONEY, type OrderRow, statusIn } from "./top-up.service.ts";

// Refunds and reversals (chargebacks) of top-ups, applied to the ledger. Recording what PayPal
// says about them is refund-events.service.ts (it also ends a complaint hold, disputes.service.ts).

/**
 * Debits every COMPLETED, not yet applied refund or reversal of a credited capture, each once,
 * never more in total than the top-up itself. The balance floors at 0 (credits already spent on
 * servers stay spent): the part not taken back is the refund's shortfall, written in the audit log
 * for the admin. Returns the balance afterwards, or null when there was nothing to apply.
 */
export async function applyRefunds(tx: Tx, captureId: string): Promise<string | null> {
  const [order] = await tx<[OrderRow?]>`
    select id, user_id, amount, currency, status, transaction_id from paypal_orders
    where capture_id = ${captureId} and ${statusIn(tx, CREDITED)}
    for update`;
  if (!order) return null;
  const refunds = await tx<
    {
      id: string;
      kind: "refund" | "reversal";
      amount: string;
      currency: string;
      dispute_id: string | null;
    }[]
  >`
    select id, kind, amount, currency, dispute_id from paypal_refunds
    where capture_id = ${captureId} and status = 'COMPLETED' and applied_at is null
    order by created_at, id
    for update`;
  let credits: string | null = null;
  for (const r of refunds) {
    if (r.currency !== order.currency) {
      // Nothing can be debited in another currency: applied as nothing (so it is not tried again
      // every minute) and handed to staff once, on the Payments page.
      log("warn", "paypal refund in another currency than its top-up", {
        refund_id: r.id,
        currency: r.currency,
      });
      await tx`
        update paypal_refunds set applied_at = now(), debited = 0, shortfall = 0,
          order_id = ${order.id}, user_id = ${order.user_id}, updated_at = now()
        where id = ${r.id}`;
      await openAttention(tx, {
        kind: "refund_currency",
        ref: r.id,
        userId: order.user_id,
        orderId: order.id,
        captureId,
        amount: r.amount,
        currency: r.currency,
        detail: { paypal_refund_id: r.id, refund_kind: r.kind, top_up_currency: order.currency },
      });
      continue;
    }
    // A reversal a dispute's outcome implies (dispute_id) and PayPal's own money movement for that
    // dispute are the same money, whichever comes first: PayPal's reversals of the capture, and
    // its refunds made after a dispute about it was opened (the buyer's favour paid out as a
    // refund). Together they take the larger of the two sums, never both. A refund from before
    // any dispute is money of its own. Reversals given back after the seller won count no more.
    const dispute = r.dispute_id !== null;
    const [take] = await tx<[{ take: string }?]>`
      with opened as (
        select min(created_at) as at from paypal_disputes
        where capture_id = ${captureId} and id not like 'HOLD-%'
      ), rows as (
        select f.*, (f.dispute_id is not null or f.kind = 'reversal'
            or f.created_at >= (select at from opened)) as same_money
        from paypal_refunds f
        where f.capture_id = ${captureId} and f.applied_at is not null and f.restored_at is null
      ), this as (
        select (${dispute} or ${r.kind} = 'reversal'
            or (select created_at from paypal_refunds where id = ${r.id}) >= (select at from opened)
          ) is true as same_money
      )
      select greatest(least(
          ${r.amount}::numeric,
          ${order.amount}::numeric - coalesce((select sum(debited + shortfall) from rows), 0),
          case when (select same_money from this) then greatest(
            coalesce((select sum(amount) from rows where same_money and dispute_id is null), 0)
              + case when ${dispute} then 0 else ${r.amount}::numeric end,
            coalesce((select sum(amount) from rows where dispute_id is not null), 0)
              + case when ${dispute} then ${r.amount}::numeric else 0 end
          ) - coalesce((select sum(debited + shortfall) from rows where same_money), 0)
          else ${r.amount}::numeric end
        ), 0)::numeric(12, 2)::text as take`;
    invariant(take, "an aggregate returns one row");
    const [change] = await tx<[{ before: string; after: string; debited: string }?]>`
      with old as (select credits from profiles where id = ${order.user_id} for update)
      update profiles p set credits = greatest(p.credits - ${take.take}::numeric, 0)
      from old where p.id = ${order.user_id}
      returning old.credits as before, p.credits as after, (old.credits - p.credits)::numeric(12, 2)::text as debited`;
    invariant(change, "the profile of a refunded top-up");
    const [short] = await tx<[{ shortfall: string }?]>`
      select (${take.take}::numeric - ${change.debited}::numeric)::numeric(12, 2)::text as shortfall`;
    invariant(short, "a select without from returns one row");
    const { shortfall } = short;
    let transactionId: string | null = null;
    if (change.debited !== "0.00") {
      const [txn] = await tx<[{ id: string }?]>`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
        values (${order.user_id}, -(${change.debited}::numeric), ${r.kind === "refund" ? "refunded" : "reversed"}, ${r.kind}, ${r.id})
        returning id`;
      invariant(txn, "the refund's ledger row inserted");
      transactionId = txn.id;
    }
    // A credit note for the money PayPal paid back, referring to the top-up's receipt
    // (top-ups credited before invoices existed have none, and get none).
    const receipt = await receiptOf(tx, order.transaction_id);
    if (receipt && take.take !== "0.00") {
      await issueDocument(tx, sellerSettings(), {
        kind: "credit_note",
        userId: order.user_id,
        transactionId,
        refersTo: receipt,
        description: `PayPal ${r.kind} ${r.id} of a credit top-up`,
        amount: take.take,
        actorId: null,
      });
    }
    await tx`
      update paypal_refunds set applied_at = now(), debited = ${change.debited}, shortfall = ${shortfall},
        transaction_id = ${transactionId}, order_id = ${order.id}, user_id = ${order.user_id}, updated_at = now()
      where id = ${r.id}`;
    await recordAudit(tx, {
      actorId: null,
      action: `credits.${r.kind}`,
      entity: "profile",
      entityId: order.user_id,
      before: { credits: change.before },
      after: {
        credits: change.after,
        requested: r.amount,
        debited: change.debited,
        // What could not be taken back because the credits were already spent: for the admin.
        shortfall,
        paypal_refund_id: r.id,
        paypal_order_id: order.id,
        paypal_capture_id: captureId,
        transaction_id: transactionId,
        ...(r.dispute_id ? { paypal_dispute_id: r.dispute_id } : {}),
      },
    });
    if (shortfall !== "0.00") {
      await openAttention(tx, {
        kind: "shortfall",
        ref: r.id,
        userId: order.user_id,
        orderId: order.id,
        captureId,
        amount: shortfall,
        currency: order.currency,
        detail: {
          paypal_refund_id: r.id,
          refund_kind: r.kind,
          requested: r.amount,
          debited: change.debited,
        },
      });
    }
    credits = change.after;
  }
  if (refunds.length) await markTopUp(tx, captureId, order);
  return credits;
}

/**
 * The top-up's own ledger row shows what became of it: refunded or reversed once everything was
 * taken back, paid again once a won dispute gave a reversal back.
 */
export async function markTopUp(
  tx: Tx,
  captureId: string,
  order: Pick<OrderRow, "amount" | "transaction_id">,
): Promise<void> {
  await tx`
    update transactions t set status = case
        when (select coalesce(sum(debited + shortfall), 0) from paypal_refunds
              where capture_id = ${captureId} and applied_at is not null and restored_at is null)
          < ${order.amount}::numeric then 'paid'
        when (select kind from paypal_refunds
              where capture_id = ${captureId} and applied_at is not null and restored_at is null
              order by applied_at desc limit 1) = 'reversal' then 'reversed'
        else 'refunded' end
    where t.id = ${order.transaction_id}`;
}

/** Refunds that came before their capture was credited (a race the webhook cannot see). */
export async function applyWaitingRefunds(sql: Sql): Promise<number> {
  const waiting = await sql<{ capture_id: string }[]>`
    select distinct r.capture_id from paypal_refunds r
    join paypal_orders o on o.capture_id = r.capture_id and ${statusIn(sql, CREDITED, "o.status")}
    where r.status = 'COMPLETED' and r.applied_at is null
    limit 100`;
  for (const w of waiting) await sql.begin((tx) => applyRefunds(tx, w.capture_id));
  return waiting.length;
}
