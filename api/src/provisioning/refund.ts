import { recordAudit } from "../audit/audit.ts";
import { issueDocument, sellerSettings } from "../invoices/issue.ts";
import type { Tx } from "../platform/db.ts";
import { invariant } from "../platform/invariant.ts";

/**
 * Cancels an order that could not be provisioned and gives back what was paid for it, in the
 * caller's transaction: what its invoices charged (the purchase, and a renewal paid meanwhile),
 * credited in one ledger row (`order_refund`), with a credit note for each invoice that gives its
 * VAT back too. A free product has no invoice and gets nothing back. Returns the amount ("0.00"
 * when none, or when the order was cancelled already).
 *
 * The balance limit (MAX_BALANCE_EUR) does not apply: this is the customer's own money returning.
 */
export async function refundOrder(tx: Tx, orderId: string, reason: string): Promise<string> {
  const [order] = await tx<[{ user_id: string; status: string }?]>`
    update orders o set status = 'cancelled'
    from (select id, status from orders where id = ${orderId} for update) prev
    where o.id = prev.id and prev.status <> 'cancelled'
    returning o.user_id, prev.status`;
  if (!order) return "0.00";
  const invoices = await tx<{ id: string; number: string; gross: string }[]>`
    select i.id, i.number, i.gross from invoices i
    where i.order_id = ${orderId} and i.kind = 'invoice'
      and not exists (select 1 from invoices c where c.refers_to = i.id)
    order by i.issued_at`;
  const [sum] = await tx<[{ total: string }?]>`
    select coalesce(sum(gross), 0)::numeric(12, 2)::text as total from invoices
    where id = any(${invoices.map((i) => i.id)}::uuid[])`;
  invariant(sum, "an aggregate returns one row");
  if (sum.total === "0.00") {
    await recordAudit(tx, {
      actorId: null,
      action: "order.cancel",
      entity: "order",
      entityId: orderId,
      before: { status: order.status },
      after: { status: "cancelled", refunded: "0.00", reason },
    });
    return "0.00";
  }
  const [change] = await tx<[{ credits: string; transaction_id: string }?]>`
    with p as (
      update profiles set credits = credits + ${sum.total}::numeric where id = ${order.user_id}
      returning credits
    ), t as (
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      values (${order.user_id}, ${sum.total}::numeric, 'paid', 'order_refund', ${`REFUND-${orderId.slice(0, 8)}`})
      returning id
    )
    select (select credits from p)::text as credits, (select id from t) as transaction_id`;
  invariant(change, "the refund written");
  for (const [i, invoice] of invoices.entries()) {
    await issueDocument(tx, sellerSettings(), {
      kind: "credit_note",
      userId: order.user_id,
      // One document per ledger row: the first credit note carries the refund's row.
      transactionId: i === 0 ? change.transaction_id : null,
      orderId,
      refersTo: invoice.id,
      splitVat: true,
      description: `Order cancelled, server not provisioned (corrects ${invoice.number})`,
      amount: invoice.gross,
      actorId: null,
    });
  }
  await recordAudit(tx, {
    actorId: null,
    action: "order.cancel",
    entity: "order",
    entityId: orderId,
    before: { status: order.status },
    after: {
      status: "cancelled",
      refunded: sum.total,
      credits: change.credits,
      transaction_id: change.transaction_id,
      reason,
    },
  });
  return sum.total;
}
