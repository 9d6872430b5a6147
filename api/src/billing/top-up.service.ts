import {
  type CreateOrderResponse,
  CURRENCY,
  maxBalanceMessage,
  billingMessages as msg,
} from "../../contracts/billing.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { httpMessages } from "../../contracts/http-messages.ts";
import type { Deps } from "../platform/context.ts";
import type { Db, Sql } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { log } from "../platform/log.ts";
import type { PayPalOrder } from "../platform/ports.ts";
import { PayPalError, PayPalUnreachable } from "./paypal-client.ts";

/**
 * Top-ups: the PayPal order rows of this portal, the balance limit, and the first step of
 * a top-up, creating the order. Capturing it is capture.service.ts, crediting it exactly once
 * credit.service.ts, reading back what a lost answer left open reconcile.service.ts.
 */

type OrderStatus =
  | "created"
  | "pending"
  | "captured"
  | "completed"
  | "failed"
  | "closed"
  | "refunded"
  | "reversed"
  /** The capture does not match the order: held for staff (Payments page), never read back. */
  | "mismatch"
  /** A mismatched capture staff refunded at PayPal. */
  | "returned";

export interface OrderRow {
  id: string;
  user_id: string;
  amount: string;
  currency: string;
  status: OrderStatus;
  capture_request_id: string;
  capture_id: string | null;
  transaction_id: string | null;
  created_at: Date;
  check_attempts: number;
}

/** Credited: the balance holds this top-up (refunds and reversals are rows of their own). */
export const CREDITED: OrderStatus[] = ["completed", "refunded", "reversed"];
/** Not credited yet, and PayPal may still hold money for it: the reconciler reads these back. */
export const UNSETTLED: OrderStatus[] = ["created", "pending", "captured"];

/**
 * `status in (...)` on paypal_orders for one of the lists above: the values written out rather
 * than passed as a parameter, so that the reconciler's partial index (its predicate is UNSETTLED,
 * migration 015) serves every plan of the queries that use it. `column` names a joined table's.
 */
export function statusIn(sql: Db, statuses: readonly OrderStatus[], column = "status") {
  return sql.unsafe(`${column} in (${statuses.map((s) => `'${s}'`).join(", ")})`);
}

/** Who credited a capture, recorded in the audit row. */
export type Source = "capture" | "webhook" | "reconciler";

/** A EUR amount as PayPal writes it. */
export const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

export async function findOrder(sql: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await sql<[OrderRow?]>`
    select id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id,
      created_at, check_attempts
    from paypal_orders where id = ${orderId}`;
  return row;
}

/** The caller's order, or 404 for an unknown order and for another user's (no existence leak). */
export async function ownOrder(sql: Db, orderId: string, userId: string): Promise<OrderRow> {
  const row = await findOrder(sql, orderId);
  if (!row || row.user_id !== userId)
    throw new HttpError(404, ErrorCode.notFound, msg.captureFailed);
  return row;
}

/**
 * A top-up (or an admin addition) that would take the balance above MAX_BALANCE_EUR
 * is refused with a 422 before any money moves: before the PayPal order exists, and again before
 * the capture (the balance may have grown meanwhile). The check locks the profile row (held to the
 * end of the caller's transaction) and counts the top-ups in flight, except `exceptOrder` itself.
 */
export async function assertBalanceRoom(
  sql: Db,
  userId: string,
  amount: string,
  max: string,
  exceptOrder: string | null = null,
): Promise<void> {
  // The lock first, in a statement of its own: a statement that waits for a lock still reads other
  // rows as they were when it started, so a sum read in the locking statement missed the
  // reservation its holder committed meanwhile, and two captures could both fit. The next
  // statement reads what every earlier holder committed.
  await sql`select 1 from profiles where id = ${userId} for update`;
  const [row] = await sql<[{ over: boolean }?]>`
    select p.credits + coalesce((
        select sum(o.amount) from paypal_orders o
        where o.user_id = p.id and o.id is distinct from ${exceptOrder}
          and (o.status in ('pending', 'captured')
            or (o.status = 'created' and o.capture_reserved_at is not null))
      ), 0) + ${amount}::numeric > ${max}::numeric as over
    from profiles p where p.id = ${userId}`;
  if (row?.over) throw new HttpError(422, ErrorCode.validation, maxBalanceMessage(max));
}

export async function hasBalanceRoom(
  sql: Db,
  userId: string,
  amount: string,
  max: string,
  exceptOrder: string | null = null,
): Promise<boolean> {
  try {
    await assertBalanceRoom(sql, userId, amount, max, exceptOrder);
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
}

/**
 * Right before a capture is sent to PayPal (by the page or the reconciler): under the profile
 * row's lock, the order's amount must fit beside the balance and every other top-up in flight,
 * and the order is then counted in flight itself until it is credited, closed or refused. False
 * when it does not fit: nothing may be captured.
 */
export async function reserveCapture(sql: Sql, row: OrderRow, max: string): Promise<boolean> {
  return await sql.begin(async (tx) => {
    // The order row before the profile row, the order crediting takes them in: concurrent
    // captures of one order and its crediting wait for each other instead of deadlocking.
    await tx`select 1 from paypal_orders where id = ${row.id} for update`;
    if (!(await hasBalanceRoom(tx, row.user_id, row.amount, max, row.id))) return false;
    await tx`
      update paypal_orders set capture_reserved_at = coalesce(capture_reserved_at, now())
      where id = ${row.id} and status = 'created'`;
    return true;
  });
}

/** PayPal refused the capture (nothing was taken): the order no longer counts against the limit. */
export async function releaseCapture(sql: Db, orderId: string): Promise<void> {
  await sql`
    update paypal_orders set capture_reserved_at = null where id = ${orderId} and status = 'created'`;
}

/**
 * Creates the PayPal order and records it as pending for this user. The PayPal-Request-Id is the
 * page's request_id, so a retried create (timeout, double click) yields the same PayPal order.
 */
export async function createTopUpOrder(
  deps: Deps,
  userId: string,
  amount: string,
  requestId: string = crypto.randomUUID(),
): Promise<CreateOrderResponse> {
  await assertBalanceRoom(deps.sql, userId, amount, deps.config.MAX_BALANCE_EUR);
  let order: PayPalOrder;
  try {
    order = await deps.paypal.createOrder({
      amount,
      currency: CURRENCY,
      requestId,
      // Unique per top-up (PayPal refuses a repeated invoice id): the page's request id.
      invoiceId: `TOPUP-${requestId}`,
      customId: userId,
      description: `${deps.config.SELLER_NAME} account credits`.slice(0, 127),
    });
  } catch (err) {
    if (!(err instanceof PayPalError || err instanceof PayPalUnreachable)) throw err;
    // A request id PayPal has forgotten (after 6 hours), sent again: its invoice id exists already.
    if (err instanceof PayPalError && err.issue === "DUPLICATE_INVOICE_ID") {
      throw new HttpError(409, ErrorCode.conflict, msg.initiateFailed);
    }
    log("warn", "paypal create failed", { user_id: userId, error: err.message });
    throw new HttpError(502, ErrorCode.providerFailed, msg.orderCreationFailed);
  }
  if (!order.id || (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED")) {
    throw new HttpError(502, ErrorCode.providerFailed, msg.orderCreationFailed);
  }
  await deps.sql`
    insert into paypal_orders (id, user_id, amount, currency, request_id, next_check_at)
    values (${order.id}, ${userId}, ${amount}, ${CURRENCY}, ${requestId},
      now() + make_interval(secs => ${deps.config.PAYPAL_RECONCILE_AFTER_SECONDS}))
    on conflict do nothing`;
  const row = await findOrder(deps.sql, order.id);
  // A request id replayed by someone else, or with another amount, is not this checkout.
  if (!row || row.user_id !== userId || row.amount !== amount) {
    throw new HttpError(409, ErrorCode.conflict, msg.initiateFailed);
  }
  return {
    id: order.id,
    status: order.status,
    amount: row.amount,
    currency: CURRENCY,
    approve_url:
      order.links?.find((l) => l.rel === "approve" || l.rel === "payer-action")?.href ?? null,
  };
}

/** Sandbox checkout: the buyer approves their own pending order at the simulator. */
export async function sandboxApprove(deps: Deps, userId: string, orderId: string): Promise<void> {
  if (deps.paypal.mode !== "sandbox")
    throw new HttpError(404, ErrorCode.notFound, httpMessages.notFound);
  const row = await ownOrder(deps.sql, orderId, userId);
  if (row.status !== "created") return;
  try {
    await deps.paypal.sandboxApprove(orderId);
  } catch {
    throw new HttpError(502, ErrorCode.providerFailed, msg.initiateFailed);
  }
}

/** The balance now (0.00 for a user deleted meanwhile). */
export async function creditsOf(sql: Db, userId: string): Promise<string> {
  const [row] = await sql<
    [{ credits: string }?]
  >`select credits from profiles where id = ${userId}`;
  return row?.credits ?? "0.00";
}
