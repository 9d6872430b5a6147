import { ErrorCode } from "../../contracts/errors.ts";
import type { Order } from "../../contracts/shop.ts";
import { type InvoiceCustomer, issueDocument, sellerSettings } from "../invoices/issue.ts";
import type { Fragment, Tx } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";

/*
 * The one money path of the shop, used by purchase() and renew() in shop.service.ts and
 * by plan changes and cancellations (plan-changes/): `charge` (the conditional debit) then `settle`
 * (the order write, its ledger row and the idempotency key's outcome), two statements inside the
 * caller's transaction; `credit` and `debit` for money that moves without an order write.
 */

/**
 * The money rule of a purchase and of a renewal, in one statement: read (and lock) the priced row
 * that `source` selects (it has a `price` column), and debit that price only if the balance covers
 * it (a conditional update, never read-then-write). No row back: `source` found nothing. A row
 * with `credits` null: the balance does not cover the price, nothing was debited. Credits held by
 * an open PayPal dispute (credits_held, billing/disputes.service.ts) are in the balance but may
 * not be spent: PayPal may yet take them back.
 */
export async function charge<Source extends { price: string }>(
  tx: Tx,
  userId: string,
  source: Fragment,
): Promise<(Source & { credits: string | null; credits_before: string | null }) | undefined> {
  const [row] = await tx<[(Source & { credits: string | null; credits_before: string | null })?]>`
    with src as (${source}), d as (
      update profiles set credits = profiles.credits - src.price
      from src
      where profiles.id = ${userId} and profiles.credits - profiles.credits_held >= src.price
      returning profiles.credits, profiles.credits + src.price as credits_before
    )
    select src.*, d.credits, d.credits_before from src left join d on true`;
  return row;
}

/** A charge the balance covered, or the 402 with the operation's message. */
export function paid<T extends { credits: string | null; credits_before: string | null }>(
  charged: T,
  message: string,
): T & { credits: string; credits_before: string } {
  const { credits, credits_before } = charged;
  if (credits === null || credits_before === null) {
    throw new HttpError(402, ErrorCode.insufficientCredits, message);
  }
  return { ...charged, credits, credits_before };
}

/** The order columns an insert or update of `orders` returns. */
export type OrderWritten = {
  id: string;
  expire_date: Date;
  status: Order["status"];
  created_at: Date;
};

/**
 * The rest of the money rule, in one statement: the order write (`orderWrite`, an insert or update
 * returning the order's columns), the ledger row of the debit (none for a free product: it moves
 * no money) and the idempotency key's outcome. Then the debit's invoice, numbered in
 * this transaction, so purchases, manual renewals and auto-renewals all get one the same way.
 *
 * `alongside` runs the caller's remaining writes of the transaction (audit row, mails) with the
 * invoice in one round trip: their statements are sent first, pipelined on the transaction's
 * connection, and the invoice's statement after them, so the invoice counter's lock (which
 * serialises every purchase) is held for that one round trip and the commit only. Each of them
 * should send its one statement before its first `await`: a later statement still runs in the
 * transaction, but after the invoice's, so it holds the counter's lock a round trip longer.
 * `customer` is the invoice's customer snapshot when the caller read it already (before the
 * locks: see invoiceCustomer()). `read` makes the caller's order out of the written columns (with
 * its product, say): `alongside` gets it, and it is returned with the ledger row's id.
 */
export async function settle<T = OrderWritten>(
  tx: Tx,
  userId: string,
  key: string,
  ledgerRow: {
    amount: string;
    kind: "purchase" | "renewal" | "plan_change";
    reference: string;
    product: string;
    /** The invoice's line; by default the product and "order" or "renewal". */
    description?: string;
  },
  orderWrite: Fragment,
  options: {
    customer?: InvoiceCustomer;
    read?: (written: OrderWritten) => T;
    alongside?: (order: T) => Promise<unknown>[];
  } = {},
): Promise<{ order: T; transaction_id: string | null }> {
  const { amount, kind, reference } = ledgerRow;
  const [written] = await tx<[(OrderWritten & { transaction_id: string | null })?]>`
    with o as (${orderWrite}), l as (
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      select ${userId}, -(${amount}::numeric), 'paid', ${kind}, ${reference}
      where ${amount}::numeric > 0
      returning id
    ), k as (
      update idempotency_keys set order_id = (select id from o) where user_id = ${userId} and key = ${key}
    )
    select id, expire_date, status, created_at, (select id from l) as transaction_id from o`;
  invariant(written, "the order written with its ledger row");
  const { transaction_id, ...order } = written;
  const read = options.read ? options.read(order) : (order as T);
  const pending = options.alongside?.(read) ?? [];
  // The invoice of the debit, numbered in this transaction (none for a free product).
  if (transaction_id) {
    pending.push(
      issueDocument(
        tx,
        sellerSettings(),
        {
          kind: "invoice",
          userId,
          transactionId: transaction_id,
          orderId: order.id,
          description:
            ledgerRow.description ??
            `${ledgerRow.product} (${kind === "purchase" ? "order" : "renewal"})`,
          periodTo: order.expire_date,
          amount,
          actorId: null,
        },
        options.customer,
      ),
    );
  }
  await Promise.all(pending);
  return { order: read, transaction_id };
}

/**
 * Money going back to the balance, in the caller's transaction: the credit, its ledger row and its
 * credit note (numbered in the credit note series), in that order. A downgrade's difference, an
 * upgrade reversed after the provider refused it, a cancellation's unused days. `refersTo` is the
 * invoice it corrects (its VAT is given back too). Returns the new balance and the ledger row.
 * The balance limit (MAX_BALANCE_EUR) does not apply: it is the customer's own money returning.
 */
export async function credit(
  tx: Tx,
  userId: string,
  row: {
    amount: string;
    kind: "plan_change" | "cancellation_refund";
    reference: string;
    description: string;
    orderId: string;
    refersTo: string | null;
    actorId: string | null;
  },
): Promise<{ credits: string; transactionId: string; documentId: string }> {
  const [written] = await tx<[{ credits: string; transaction_id: string }?]>`
    with p as (
      update profiles set credits = credits + ${row.amount}::numeric where id = ${userId}
      returning credits
    ), t as (
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      values (${userId}, ${row.amount}::numeric, 'paid', ${row.kind}, ${row.reference})
      returning id
    )
    select (select credits from p)::text as credits, (select id from t) as transaction_id`;
  invariant(written?.credits, "the credit written");
  const doc = await issueDocument(tx, sellerSettings(), {
    kind: "credit_note",
    userId,
    transactionId: written.transaction_id,
    orderId: row.orderId,
    refersTo: row.refersTo,
    splitVat: true,
    description: row.description,
    amount: row.amount,
    actorId: row.actorId,
  });
  return { credits: written.credits, transactionId: written.transaction_id, documentId: doc.id };
}

/**
 * A debit that is not an order's (an undone cancellation takes back what it credited): the
 * conditional debit, its ledger row and its invoice. Null when the balance does not cover it.
 */
export async function debit(
  tx: Tx,
  userId: string,
  row: {
    amount: string;
    kind: "plan_change" | "cancellation_refund";
    reference: string;
    description: string;
    orderId: string;
    periodTo: Date | null;
    actorId: string | null;
  },
): Promise<{ credits: string; transactionId: string; documentId: string } | null> {
  const charged = await charge(tx, userId, tx`select ${row.amount}::numeric as price`);
  if (!charged?.credits) return null;
  const [t] = await tx<[{ id: string }?]>`
    insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
    values (${userId}, -(${row.amount}::numeric), 'paid', ${row.kind}, ${row.reference})
    returning id`;
  invariant(t, "the ledger row written");
  const doc = await issueDocument(tx, sellerSettings(), {
    kind: "invoice",
    userId,
    transactionId: t.id,
    orderId: row.orderId,
    description: row.description,
    periodTo: row.periodTo,
    amount: row.amount,
    actorId: row.actorId,
  });
  return { credits: charged.credits, transactionId: t.id, documentId: doc.id };
}
