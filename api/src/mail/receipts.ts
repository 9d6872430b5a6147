import type { Order } from "../../contracts/shop.ts";
import type { Db } from "../platform/db.ts";
import { enqueueAccountMail } from "./outbox.ts";
import { type ServiceLine, servicesReactivated } from "./templates/lifecycle.ts";
import { purchaseReceipt, renewalReceipt, topUpReceipt } from "./templates/receipts.ts";

/**
 * Receipts, queued inside the transaction that moves the money, so a receipt exists if
 * and only if the money moved. The dedupe key names the ledger event: a replayed Idempotency-Key
 * never reaches these calls, and a duplicate capture or webhook that did reach one would queue
 * nothing the second time. They are the account's mails (enqueueAccountMail): each owner and
 * billing member gets them at their address, by their own receipt choice, all read in the insert,
 * so these paths read no profile first.
 */

/** A PayPal capture credited to the balance (called by the one crediting path in billing/). */
export async function queueTopUpReceipt(
  tx: Db,
  r: { userId: string; transactionId: string; amount: string; credits: string; captureId: string },
): Promise<void> {
  await enqueueAccountMail(tx, {
    kind: "receipt",
    accountId: r.userId,
    dedupeKey: `receipt:topup:${r.transactionId}`,
    ...topUpReceipt({
      amount: r.amount,
      balance: r.credits,
      date: new Date(),
      reference: r.captureId,
    }),
  });
}

/** SPEC §7: the ledger reference of a purchase is ORDER-<first 8 characters of the product id>. */
export async function queuePurchaseReceipt(
  tx: Db,
  r: { userId: string; order: Order; credits: string },
): Promise<void> {
  // A free product moves no money and writes no ledger row: there is nothing to give a receipt for.
  if (Number(r.order.price) <= 0) return;
  // One statement (the addresses and the opt-outs read in it): sent pipelined with the
  // purchase's last writes.
  await enqueueAccountMail(tx, {
    kind: "receipt",
    accountId: r.userId,
    dedupeKey: `receipt:purchase:${r.order.id}`,
    ...purchaseReceipt({
      amount: r.order.price,
      balance: r.credits,
      date: r.order.created_at,
      reference: `ORDER-${r.order.product_id.slice(0, 8)}`,
      productName: r.order.product_name,
      orderId: r.order.id,
      expireDate: r.order.expire_date,
    }),
  });
}

/**
 * A renewal (manual or automatic): the receipt (unless turned off) and, when it reactivated
 * suspended services, the reactivation notice, which always goes. One renewal per order and new
 * expiry, so that pair names it.
 */
export async function queueRenewalMails(
  tx: Db,
  r: { userId: string; order: Order; credits: string; reactivated: string[]; automatic: boolean },
): Promise<void> {
  const period = new Date(r.order.expire_date).getTime();
  if (Number(r.order.price) > 0) {
    await enqueueAccountMail(tx, {
      kind: "receipt",
      accountId: r.userId,
      dedupeKey: `receipt:renewal:${r.order.id}:${period}`,
      ...renewalReceipt({
        amount: r.order.price,
        balance: r.credits,
        date: new Date(),
        reference: `RENEW-${r.order.id.slice(0, 8)}`,
        productName: r.order.product_name,
        orderId: r.order.id,
        expireDate: r.order.expire_date,
        automatic: r.automatic,
      }),
    });
  }
  if (r.reactivated.length === 0) return;
  const services = await tx<ServiceLine[]>`
    select id, service_type, ipv4 from services where id = any(${r.reactivated}::uuid[]) order by created_at`;
  await enqueueAccountMail(tx, {
    kind: "reactivated",
    accountId: r.userId,
    dedupeKey: `reactivated:${r.order.id}:${period}`,
    ...servicesReactivated({
      productName: r.order.product_name,
      orderId: r.order.id,
      services,
      expireDate: r.order.expire_date,
    }),
  });
}
