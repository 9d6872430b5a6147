import type { AutoRenewState } from "../../contracts/auto-renew.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { PlanChangeMessages } from "../../contracts/plan-changes.ts";
import { type Order, ShopMessages } from "../../contracts/shop.ts";
import { recordAudit } from "../audit/audit.ts";
import { queueRenewalMails } from "../mail/receipts.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";

/**
 * Auto-renew. The lifecycle job renews through renew() in shop.service.ts, the function
 * behind the Renew button, with an Idempotency-Key of its own naming the order and the expiry it
 * renews. So an auto-renewal is the same transaction (row lock, conditional debit, RENEW- ledger
 * row, audit row) and runs once per period however many job runners try: the key is claimed once,
 * the others replay it. '@' is outside the keys a client may send (IdempotencyKey in the shop
 * contract), so no request can pass for the job.
 */
const AUTO_KEY = /^auto-renew@([0-9a-f-]{36})@(\d+)$/;

export const autoRenewKey = (orderId: string, expireDate: Date) =>
  `auto-renew@${orderId}@${expireDate.getTime()}`;

/** The auto-renewal lost its reason between the job's read and the row lock: nothing is changed. */
export class AutoRenewNotDue extends Error {
  constructor() {
    super("auto-renewal no longer due");
  }
}

/**
 * How long after an auto-renewal a manual renewal of the same order is taken as the same renewal:
 * the customer pressed Renew on a page that still showed the old expiry.
 */
const MANUAL_RACE_SECONDS = 60;

/**
 * Called by renew() with the order row locked, before the debit. An auto-renewal goes on only if
 * the order is still active with auto-renew on and still has the expiry its key names (a manual
 * renewal meanwhile moved it: AutoRenewNotDue rolls back, key claim included). A manual renewal
 * that raced with an auto-renewal of the same order is answered with that renewal (true: the
 * caller replays the order) instead of debiting a second period.
 */
export async function answeredByAutoRenewal(
  tx: Tx,
  r: { userId: string; orderId: string; key: string; status: string; expireDate: Date },
): Promise<boolean> {
  const auto = AUTO_KEY.exec(r.key);
  if (auto) {
    const [order] = await tx<{ auto_renew: boolean }[]>`
      select auto_renew from orders where id = ${r.orderId}`;
    if (r.status !== "active" || !order?.auto_renew || Number(auto[2]) !== r.expireDate.getTime()) {
      throw new AutoRenewNotDue();
    }
    return false;
  }
  const [raced] = await tx`
    select 1 from order_auto_renewals
    where order_id = ${r.orderId} and renewed_at > now() - make_interval(secs => ${MANUAL_RACE_SECONDS})`;
  if (!raced) return false;
  await tx`update idempotency_keys set order_id = ${r.orderId} where user_id = ${r.userId} and key = ${r.key}`;
  return true;
}

/**
 * Called by renew() after the renewal, in its transaction: records an auto-renewal (its primary
 * key refuses a second one for the same period), starts the new period's reminders afresh, and
 * queues the receipt and the reactivation notice.
 */
export async function renewed(
  tx: Tx,
  r: {
    userId: string;
    key: string;
    order: Order;
    credits: string;
    previousExpiry: Date;
    reactivated: string[];
  },
): Promise<void> {
  const automatic = AUTO_KEY.test(r.key);
  if (automatic) {
    await tx`insert into order_auto_renewals (order_id, period_end) values (${r.order.id}, ${r.previousExpiry})`;
  }
  await tx`delete from order_notices where order_id = ${r.order.id} and notice <> 'staff-new-order'`;
  await queueRenewalMails(tx, {
    userId: r.userId,
    order: r.order,
    credits: r.credits,
    reactivated: r.reactivated,
    automatic,
  });
}

/** The caller's orders with auto-renew on. */
export async function listAutoRenew(sql: Db, userId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from orders where user_id = ${userId} and auto_renew order by created_at desc, id desc`;
  return rows.map((r) => r.id);
}

/**
 * Turns auto-renew on or off for one of the caller's orders (another user's answers 404 like a
 * missing one). SPEC §4: renewal is not offered for suspended orders, so neither is auto-renew.
 */
export async function setAutoRenew(
  sql: Sql,
  userId: string,
  orderId: string,
  enabled: boolean,
): Promise<AutoRenewState> {
  return await sql.begin(async (tx) => {
    const [order] = await tx<{ status: string; auto_renew: boolean; cancel_scheduled: boolean }[]>`
      select status, auto_renew,
        exists (select 1 from cancellations c where c.order_id = orders.id and c.state = 'scheduled')
          as cancel_scheduled
      from orders where id = ${orderId} and user_id = ${userId} for update`;
    if (!order) throw notFound(ShopMessages.orderNotFound);
    if (enabled && order.status === "suspended") {
      throw new HttpError(409, ErrorCode.orderSuspended, ShopMessages.orderSuspended);
    }
    // Cancelled at the end of the period (plan-changes/): the undo turns auto-renew back on.
    if (enabled && order.cancel_scheduled) {
      throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.cancelScheduled);
    }
    if (order.auto_renew !== enabled) {
      await tx`update orders set auto_renew = ${enabled} where id = ${orderId}`;
      await recordAudit(tx, {
        actorId: userId,
        action: "order.auto_renew",
        entity: "order",
        entityId: orderId,
        before: { auto_renew: order.auto_renew },
        after: { auto_renew: enabled },
      });
    }
    return { order_id: orderId, auto_renew: enabled };
  });
}
