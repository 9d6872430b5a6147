import {
  type CaptureResponse,
  type CreateOrderResponse,
  CURRENCY,
  maxBalanceMessage,
  billingMessages as msg,
  type Transaction,
} from "../../contracts/billing.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Deps } from "../context.ts";
import type { Db, Sql, Tx } from "../db.ts";
import { HttpError } from "../http-error.ts";
import { log } from "../log.ts";
import {
  isIndeterminate,
  type PayPalCapture,
  PayPalError,
  type PayPalOrder,
  PayPalUnreachable,
} from "./paypal-client.ts";

type OrderStatus =
  | "created"
  | "pending"
  | "captured"
  | "completed"
  | "failed"
  | "closed"
  | "refunded"
  | "reversed";

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
const CREDITED: OrderStatus[] = ["completed", "refunded", "reversed"];
/** Not credited yet, and PayPal may still hold money for it: the reconciler reads these back. */
export const UNSETTLED: OrderStatus[] = ["created", "pending", "captured"];

/** Who credited a capture, recorded in the audit row. */
export type Source = "capture" | "webhook" | "reconciler";

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

async function findOrder(sql: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await sql<OrderRow[]>`
    select id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id,
      created_at, check_attempts
    from paypal_orders where id = ${orderId}`;
  return row;
}

/** The caller's order, or 404 for an unknown order and for another user's (no existence leak). */
async function ownOrder(sql: Db, orderId: string, userId: string): Promise<OrderRow> {
  const row = await findOrder(sql, orderId);
  if (!row || row.user_id !== userId)
    throw new HttpError(404, ErrorCode.notFound, msg.captureFailed);
  return row;
}

/**
 * Issue 15 (a): a top-up (or an admin addition) that would take the balance above MAX_BALANCE_EUR
 * is refused with a 422 before any money moves: before the PayPal order exists, and again before
 * the capture (the balance may have grown meanwhile).
 */
export async function assertBalanceRoom(
  sql: Db,
  userId: string,
  amount: string,
  max: string,
): Promise<void> {
  const [row] = await sql<{ over: boolean }[]>`
    select credits + ${amount}::numeric > ${max}::numeric as over from profiles where id = ${userId}`;
  if (row?.over) throw new HttpError(422, ErrorCode.validation, maxBalanceMessage(max));
}

async function hasBalanceRoom(
  sql: Db,
  userId: string,
  amount: string,
  max: string,
): Promise<boolean> {
  try {
    await assertBalanceRoom(sql, userId, amount, max);
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
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
    order = await deps.paypal.createOrder(amount, CURRENCY, requestId);
  } catch (err) {
    if (!(err instanceof PayPalError || err instanceof PayPalUnreachable)) throw err;
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
  if (deps.paypal.mode !== "sandbox") throw new HttpError(404, ErrorCode.notFound, "Not found");
  const row = await ownOrder(deps.sql, orderId, userId);
  if (row.status !== "created") return;
  try {
    await deps.paypal.sandboxApprove(orderId);
  } catch {
    throw new HttpError(502, ErrorCode.providerFailed, msg.initiateFailed);
  }
}

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
    const [order] = await tx<OrderRow[]>`
      update paypal_orders
      set status = 'completed', capture_id = ${facts.captureId}, capture_status = 'COMPLETED', completed_at = now()
      where id = ${facts.orderId} and status in ('created', 'pending', 'captured')
        and (capture_id is null or capture_id = ${facts.captureId})
        and currency = ${facts.currency ?? ""} and amount = ${amount}::numeric
      returning id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id,
        created_at, check_attempts`;
    if (!order) return null;
    const [profile] = await tx<{ credits: string; before: string }[]>`
      update profiles set credits = credits + ${order.amount}
      where id = ${order.user_id}
      returning credits, credits - ${order.amount} as before`;
    if (!profile) throw new Error("profile of a pending PayPal order is missing");
    const [txn] = await tx<{ id: string }[]>`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
      values (${order.user_id}, ${order.amount}, 'paid', 'topup', ${facts.captureId})
      returning id`;
    await tx`update paypal_orders set transaction_id = ${txn!.id} where id = ${order.id}`;
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
        transaction_id: txn!.id,
        source,
      },
    });
    const credits = (await applyRefunds(tx, facts.captureId)) ?? profile.credits;
    return { order: { ...order, transaction_id: txn!.id }, credits };
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
  return { outcome: "mismatch", order };
}

async function creditsOf(sql: Db, userId: string): Promise<string> {
  const [row] = await sql<{ credits: string }[]>`select credits from profiles where id = ${userId}`;
  return row?.credits ?? "0.00";
}

/** purchase_units[0].payments.captures[0] (intent CAPTURE: an authorization is never money received). */
function firstCapture(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

type Settlement =
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
async function settle(
  deps: Deps,
  orderId: string,
  paypalOrder: PayPalOrder,
  actorId: string | null,
  source: Source,
): Promise<Settlement> {
  const capture = firstCapture(paypalOrder);
  if (!capture?.id) return { kind: "not_captured", paypalStatus: paypalOrder.status };
  return await settleCapture(
    deps.sql,
    deps.config.PAYPAL_RECONCILE_AFTER_SECONDS,
    orderId,
    capture,
    actorId,
    source,
  );
}

async function settleCapture(
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
        const [order] = await tx<{ user_id: string }[]>`
          update paypal_orders set status = 'captured', capture_id = ${capture.id}, capture_status = ${capture.status},
            next_check_at = now() + make_interval(secs => ${recheckSeconds})
          where id = ${orderId} and status in ('created', 'pending', 'captured')
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
    await sql`
      update paypal_orders set status = 'pending', capture_id = ${capture.id}, capture_status = 'PENDING',
        next_check_at = coalesce(next_check_at, now() + make_interval(secs => ${recheckSeconds}))
      where id = ${orderId} and status in ('created', 'pending')`;
    return { kind: "pending", captureId: capture.id };
  }
  // DECLINED or FAILED: nothing was received; the order cannot be captured again.
  await sql.begin(async (tx) => {
    const [order] = await tx<{ user_id: string }[]>`
      update paypal_orders set status = 'failed', capture_id = ${capture.id}, capture_status = ${capture.status}
      where id = ${orderId} and status in ('created', 'pending')
      returning user_id`;
    if (!order) return;
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

const captureResponse = (order: OrderRow, credits: string): CaptureResponse => ({
  order_id: order.id,
  status: "COMPLETED",
  amount: order.amount,
  credits,
  capture_id: order.capture_id ?? "",
  transaction_id: order.transaction_id,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Thrown when PayPal's answer stays unknown after retries and a read-back: the reconciler goes on. */
class StillUnknown extends Error {}

/**
 * Captures with the order's own PayPal-Request-Id, retried on no answer or a 5xx (PayPal's
 * idempotency guide), and reads the order back when the answer stays unknown or when PayPal says
 * the order was already captured. Returns PayPal's view of the order; PayPal's refusals are thrown.
 */
async function captureOrReadBack(
  deps: Deps,
  row: OrderRow,
  attempts: number,
): Promise<PayPalOrder> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(200 * attempt);
    try {
      return await deps.paypal.captureOrder(row.id, row.capture_request_id);
    } catch (err) {
      if (err instanceof PayPalError && err.issue === "ORDER_ALREADY_CAPTURED") break;
      if (!isIndeterminate(err)) throw err;
      lastError = err;
      log("warn", "paypal capture answer lost, retrying", {
        paypal_order_id: row.id,
        attempt,
        error: String(err),
      });
    }
  }
  try {
    return await deps.paypal.getOrder(row.id);
  } catch (err) {
    throw new StillUnknown(String(err ?? lastError));
  }
}

/**
 * A declined funding source (or a capture that needs the buyer again): the buyer may approve once
 * more with another source, and that capture must not reuse this request id, which PayPal would
 * answer with the declined result again. PayPal itself refuses a second capture of the order.
 */
async function newCaptureRequestId(sql: Db, row: OrderRow): Promise<void> {
  await sql`
    update paypal_orders set capture_request_id = gen_random_uuid()
    where id = ${row.id} and capture_request_id = ${row.capture_request_id} and status = 'created'`;
}

/**
 * Captures the caller's order at PayPal and credits it once. Every retry sends the order's own
 * PayPal-Request-Id, so PayPal replays the first capture instead of refusing; when the answer is
 * lost or PayPal answers ORDER_ALREADY_CAPTURED, the order is read back and credited from what
 * PayPal reports. What stays unknown is left to the reconciler, which credits it without the page.
 */
export async function captureTopUp(
  deps: Deps,
  userId: string,
  orderId: string,
): Promise<{ status: 200 | 202; body: CaptureResponse }> {
  const row = await ownOrder(deps.sql, orderId, userId);
  if (CREDITED.includes(row.status)) {
    return { status: 200, body: captureResponse(row, await creditsOf(deps.sql, userId)) };
  }
  if (row.status === "failed" || row.status === "closed") {
    throw new HttpError(422, ErrorCode.paymentNotCompleted, msg.notCompleted);
  }

  let order: PayPalOrder;
  try {
    if (row.status === "created") {
      await assertBalanceRoom(deps.sql, userId, row.amount, deps.config.MAX_BALANCE_EUR);
      order = await captureOrReadBack(deps, row, 2);
    } else {
      // pending or captured: PayPal already holds the capture; read where it stands.
      order = await deps.paypal.getOrder(orderId);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (
      err instanceof PayPalError &&
      (err.issue === "INSTRUMENT_DECLINED" || err.issue === "PAYER_ACTION_REQUIRED")
    ) {
      await newCaptureRequestId(deps.sql, row);
      throw new HttpError(422, ErrorCode.instrumentDeclined, msg.notCompleted);
    }
    if (err instanceof PayPalError && (err.issue === "ORDER_NOT_APPROVED" || err.status === 422)) {
      throw new HttpError(422, ErrorCode.paymentNotCompleted, msg.notCompleted);
    }
    if (
      err instanceof PayPalError ||
      err instanceof PayPalUnreachable ||
      err instanceof StillUnknown
    ) {
      log("warn", "paypal capture failed", { paypal_order_id: orderId, error: err.message });
      throw new HttpError(502, ErrorCode.providerFailed, msg.captureFailed);
    }
    throw err;
  }

  const result = await settle(deps, orderId, order, userId, "capture");
  switch (result.kind) {
    case "credited":
      return { status: 200, body: captureResponse(result.order, result.credits) };
    case "pending":
      return {
        status: 202,
        body: {
          order_id: orderId,
          status: "PENDING",
          amount: row.amount,
          credits: await creditsOf(deps.sql, userId),
          capture_id: result.captureId,
          transaction_id: null,
        },
      };
    case "credit_failed":
      throw new HttpError(500, ErrorCode.internal, msg.balanceUpdateFailed);
    case "not_captured":
      // Approved but PayPal has no capture and gave no answer: unknown, the reconciler goes on.
      if (result.paypalStatus === "APPROVED")
        throw new HttpError(502, ErrorCode.providerFailed, msg.captureFailed);
      throw new HttpError(422, ErrorCode.paymentNotCompleted, msg.notCompleted);
    case "failed":
      throw new HttpError(402, ErrorCode.paymentNotCompleted, msg.notCompleted);
    case "mismatch":
      throw new HttpError(402, ErrorCode.paymentFailed, msg.paymentError);
  }
}

// ---------------------------------------------------------------- reconciler

export interface ReconcileResult {
  checked: number;
  credited: number;
  pending: number;
  closed: number;
  failed: number;
  unknown: number;
  refunds_applied: number;
}

/** Orders neither approved nor captured after this long are given up on (PayPal expires them). */
const GIVE_UP_AFTER_MS = 6 * 3600_000;
/** Re-checks back off from PAYPAL_RECONCILE_AFTER_SECONDS, doubling, up to this. */
const MAX_BACKOFF_SECONDS = 6 * 3600;

/**
 * Issue 15: orders left in created (approved and never captured, or a capture whose answer was
 * lost), pending or captured-but-not-credited past PAYPAL_RECONCILE_AFTER_SECONDS are read back
 * from PayPal. An approved order is captured with its own request id (a lost capture replays); a
 * completed capture is credited through creditCapture (exactly once, whatever runs at the same
 * time); an order PayPal does not know or that was never approved is closed after a while. Several
 * instances may run it together: each order is claimed with FOR UPDATE SKIP LOCKED and a lease.
 * Every change is in the audit log (credits.topup with source 'reconciler', billing.paypal.*).
 */
export async function reconcilePayPal(
  deps: Pick<Deps, "sql" | "paypal" | "config">,
  limit = 50,
): Promise<ReconcileResult> {
  const result: ReconcileResult = {
    checked: 0,
    credited: 0,
    pending: 0,
    closed: 0,
    failed: 0,
    unknown: 0,
    refunds_applied: 0,
  };
  const due = await deps.sql<OrderRow[]>`
    update paypal_orders p set next_check_at = now() + interval '2 minutes', check_attempts = p.check_attempts + 1
    from (
      select id from paypal_orders
      where status in ('created', 'pending', 'captured') and next_check_at <= now()
      order by next_check_at
      limit ${limit}
      for update skip locked
    ) d
    where p.id = d.id
    returning p.id, p.user_id, p.amount, p.currency, p.status, p.capture_request_id, p.capture_id, p.transaction_id,
      p.created_at, p.check_attempts`;
  for (const row of due) {
    result.checked++;
    const outcome = await reconcileOrder(deps as Deps, row).catch((err) => {
      log("error", "paypal reconcile failed", { paypal_order_id: row.id, error: String(err) });
      return "unknown" as const;
    });
    result[outcome]++;
    if (outcome === "unknown" || outcome === "pending") {
      const backoff = Math.min(
        deps.config.PAYPAL_RECONCILE_AFTER_SECONDS * 2 ** Math.min(row.check_attempts, 16),
        MAX_BACKOFF_SECONDS,
      );
      await deps.sql`
        update paypal_orders set next_check_at = now() + make_interval(secs => ${backoff})
        where id = ${row.id} and status in ('created', 'pending', 'captured')`;
    }
  }
  result.refunds_applied = await applyWaitingRefunds(deps.sql);
  return result;
}

async function reconcileOrder(
  deps: Deps,
  row: OrderRow,
): Promise<"credited" | "pending" | "closed" | "failed" | "unknown"> {
  let order: PayPalOrder;
  try {
    order = await deps.paypal.getOrder(row.id);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404 && row.status === "created") {
      return await closeOrder(deps.sql, row, "unknown at PayPal");
    }
    return "unknown";
  }
  if (row.status === "created" && order.status === "APPROVED" && !firstCapture(order)) {
    // The buyer approved and the capture never happened, or its answer was lost before PayPal acted.
    if (!(await hasBalanceRoom(deps.sql, row.user_id, row.amount, deps.config.MAX_BALANCE_EUR))) {
      return Date.now() - row.created_at.getTime() > GIVE_UP_AFTER_MS
        ? await closeOrder(deps.sql, row, "balance limit")
        : "unknown";
    }
    try {
      order = await captureOrReadBack(deps, row, 2);
    } catch (err) {
      if (
        err instanceof PayPalError &&
        (err.issue === "INSTRUMENT_DECLINED" || err.issue === "PAYER_ACTION_REQUIRED")
      ) {
        await newCaptureRequestId(deps.sql, row);
      }
      return "unknown";
    }
  }
  const settled = await settle(deps, row.id, order, null, "reconciler");
  switch (settled.kind) {
    case "credited":
      return "credited";
    case "pending":
      return "pending";
    case "failed":
      return "failed";
    case "not_captured": {
      const stale = Date.now() - row.created_at.getTime() > GIVE_UP_AFTER_MS;
      if (
        order.status === "VOIDED" ||
        (stale && order.status !== "APPROVED" && order.status !== "COMPLETED")
      ) {
        return await closeOrder(deps.sql, row, `PayPal order ${order.status}`);
      }
      return "unknown";
    }
    default:
      return "unknown";
  }
}

async function closeOrder(sql: Sql, row: OrderRow, reason: string): Promise<"closed" | "unknown"> {
  const closed = await sql.begin(async (tx) => {
    const [order] = await tx`
      update paypal_orders set status = 'closed' where id = ${row.id} and status = 'created' returning id`;
    if (!order) return false;
    await recordAudit(tx, {
      actorId: null,
      action: "billing.paypal.order_closed",
      entity: "profile",
      entityId: row.user_id,
      after: { paypal_order_id: row.id, amount: row.amount, reason, source: "reconciler" },
    });
    return true;
  });
  return closed ? "closed" : "unknown";
}

// ---------------------------------------------------------------- refunds and reversals

interface RefundFacts {
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
async function recordRefund(sql: Sql, r: RefundFacts): Promise<boolean> {
  await sql`
    insert into paypal_refunds (id, capture_id, kind, status, amount, currency)
    values (${r.refundId}, ${r.captureId}, ${r.kind}, ${r.status}, ${r.amount}, ${r.currency})
    on conflict (id) do update set status = excluded.status, updated_at = now()
    where paypal_refunds.applied_at is null`;
  const known = await sql.begin(async (tx) => {
    const [order] = await tx`select 1 from paypal_orders where capture_id = ${r.captureId}`;
    if (order) await applyRefunds(tx, r.captureId);
    return !!order;
  });
  return known;
}

/**
 * Debits every COMPLETED, not yet applied refund or reversal of a credited capture, each once,
 * never more in total than the top-up itself. The balance floors at 0 (credits already spent on
 * servers stay spent): the part not taken back is the refund's shortfall, written in the audit log
 * for the admin. Returns the balance afterwards, or null when there was nothing to apply.
 */
async function applyRefunds(tx: Tx, captureId: string): Promise<string | null> {
  const [order] = await tx<OrderRow[]>`
    select id, user_id, amount, currency, status, transaction_id from paypal_orders
    where capture_id = ${captureId} and status in ('completed', 'refunded', 'reversed')
    for update`;
  if (!order) return null;
  const refunds = await tx<
    { id: string; kind: "refund" | "reversal"; amount: string; currency: string }[]
  >`
    select id, kind, amount, currency from paypal_refunds
    where capture_id = ${captureId} and status = 'COMPLETED' and applied_at is null
    order by created_at, id
    for update`;
  let credits: string | null = null;
  for (const r of refunds) {
    if (r.currency !== order.currency) {
      log("warn", "paypal refund in another currency than its top-up", {
        refund_id: r.id,
        currency: r.currency,
      });
      continue;
    }
    const [take] = await tx<{ take: string }[]>`
      select least(${r.amount}::numeric, ${order.amount}::numeric - coalesce(sum(debited + shortfall), 0))::numeric(12, 2)::text as take
      from paypal_refunds where capture_id = ${captureId} and applied_at is not null`;
    const [change] = await tx<{ before: string; after: string; debited: string }[]>`
      with old as (select credits from profiles where id = ${order.user_id} for update)
      update profiles p set credits = greatest(p.credits - ${take!.take}::numeric, 0)
      from old where p.id = ${order.user_id}
      returning old.credits as before, p.credits as after, (old.credits - p.credits)::numeric(12, 2)::text as debited`;
    if (!change) throw new Error("profile of a refunded top-up is missing");
    const [{ shortfall }] = await tx<{ shortfall: string }[]>`
      select (${take!.take}::numeric - ${change.debited}::numeric)::numeric(12, 2)::text as shortfall`;
    let transactionId: string | null = null;
    if (change.debited !== "0.00") {
      const [txn] = await tx<{ id: string }[]>`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
        values (${order.user_id}, -(${change.debited}::numeric), ${r.kind === "refund" ? "refunded" : "reversed"}, ${r.kind}, ${r.id})
        returning id`;
      transactionId = txn!.id;
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
      },
    });
    credits = change.after;
  }
  if (refunds.length) {
    // Fully refunded or reversed: the top-up itself shows as such in the customer's transactions.
    await tx`
      update transactions t set status = case when (
          select kind from paypal_refunds where capture_id = ${captureId} and applied_at is not null
          order by applied_at desc limit 1) = 'reversal' then 'reversed' else 'refunded' end
      where t.id = ${order.transaction_id}
        and (select coalesce(sum(debited + shortfall), 0) from paypal_refunds
             where capture_id = ${captureId} and applied_at is not null) >= ${order.amount}::numeric`;
  }
  return credits;
}

/** Refunds that came before their capture was credited (a race the webhook cannot see). */
async function applyWaitingRefunds(sql: Sql): Promise<number> {
  const waiting = await sql<{ capture_id: string }[]>`
    select distinct r.capture_id from paypal_refunds r
    join paypal_orders o on o.capture_id = r.capture_id and o.status in ('completed', 'refunded', 'reversed')
    where r.status = 'COMPLETED' and r.applied_at is null
    limit 100`;
  for (const w of waiting) await sql.begin((tx) => applyRefunds(tx, w.capture_id));
  return waiting.length;
}

// ---------------------------------------------------------------- webhooks

const HEADER_RULES: [string, RegExp][] = [
  ["paypal-transmission-id", /^[\w-]{1,50}$/],
  ["paypal-transmission-time", /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/],
  ["paypal-transmission-sig", /^[A-Za-z0-9+/=_-]{8,1000}$/],
  ["paypal-auth-algo", /^[a-zA-Z0-9]{1,100}$/],
  ["paypal-cert-url", /^https?:\/\/[^\s]{1,490}$/],
];

/** Issue 15 (b): a delivery without PayPal's signature headers is refused before any outbound call. */
export function assertSignatureHeaders(headers: Headers): void {
  for (const [name, rule] of HEADER_RULES) {
    const value = headers.get(name);
    if (!value || !rule.test(value)) {
      throw new HttpError(400, ErrorCode.validation, `Missing or malformed ${name} header`);
    }
  }
}

// deno-lint-ignore no-explicit-any
type WebhookEvent = { id?: string; event_type?: string; resource?: any };

const REFUND_EVENTS: Record<string, "refund" | "reversal"> = {
  "PAYMENT.CAPTURE.REFUNDED": "refund",
  "PAYMENT.CAPTURE.REVERSED": "reversal",
  "PAYMENT.REFUND.PENDING": "refund",
  "PAYMENT.REFUND.FAILED": "refund",
};
const CAPTURE_EVENTS = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
]);

/**
 * PayPal webhooks, verified by PayPal itself over the raw body as delivered. Capture events go
 * through the same settling path as the page's capture call (a browser closed right after approval
 * still gets its credits). Refund events, PAYMENT.CAPTURE.REVERSED included, carry a refund: its
 * own id, status and amount, and the capture in the links entry with rel "up".
 */
export async function handleWebhook(
  deps: Deps,
  headers: Headers,
  rawBody: string,
): Promise<"processed" | "duplicate" | "ignored"> {
  assertSignatureHeaders(headers);
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, ErrorCode.validation, "Invalid JSON body");
  }
  if (!event || typeof event !== "object" || Array.isArray(event)) {
    throw new HttpError(400, ErrorCode.validation, "Invalid JSON body");
  }
  let verified: boolean;
  try {
    verified = await deps.paypal.verifyWebhook(headers, rawBody);
  } catch {
    // PayPal retries a delivery that did not get a 2xx, so an unverifiable one is retried later.
    throw new HttpError(502, ErrorCode.providerFailed, "Webhook verification unavailable");
  }
  if (!verified)
    throw new HttpError(400, ErrorCode.validation, "Webhook signature verification failed");
  if (!event.id || !event.event_type) return "ignored";
  const [seen] = await deps.sql`select 1 from paypal_webhook_events where id = ${event.id}`;
  if (seen) return "duplicate";

  const resource = event.resource ?? {};
  let outcome: "processed" | "ignored" = "ignored";
  if (CAPTURE_EVENTS.has(event.event_type)) {
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    if (
      typeof orderId === "string" &&
      typeof resource.id === "string" &&
      typeof resource.status === "string"
    ) {
      const settled = await settleCapture(
        deps.sql,
        deps.config.PAYPAL_RECONCILE_AFTER_SECONDS,
        orderId,
        { id: resource.id, status: resource.status, amount: resource.amount },
        null,
        "webhook",
      );
      outcome =
        settled.kind === "mismatch" || settled.kind === "not_captured" ? "ignored" : "processed";
    }
  } else if (REFUND_EVENTS[event.event_type]) {
    const captureId = /\/captures\/([^/?#]+)$/.exec(
      // deno-lint-ignore no-explicit-any
      (Array.isArray(resource.links) ? resource.links : []).find((l: any) => l?.rel === "up")
        ?.href ?? "",
    )?.[1];
    const value: unknown = resource.amount?.value;
    if (
      captureId &&
      typeof resource.id === "string" &&
      typeof resource.status === "string" &&
      typeof value === "string" &&
      MONEY.test(value) &&
      Number(value) > 0
    ) {
      const known = await recordRefund(deps.sql, {
        refundId: resource.id,
        captureId,
        kind: REFUND_EVENTS[event.event_type]!,
        status: resource.status,
        amount: value,
        currency: String(resource.amount?.currency_code ?? ""),
      });
      outcome = known ? "processed" : "ignored";
    }
  }
  await deps.sql`
    insert into paypal_webhook_events (id, event_type, resource_id)
    values (${event.id}, ${event.event_type}, ${typeof resource.id === "string" ? resource.id : null})
    on conflict do nothing`;
  return outcome;
}

/** Newest first, served by transactions_user_created_idx (user_id, created_at desc). */
export async function listTransactions(
  sql: Db,
  userId: string,
  limit: number,
): Promise<Transaction[]> {
  const rows = await sql<(Omit<Transaction, "created_at"> & { created_at: Date })[]>`
    select id, amount, status, kind, paypal_transaction_id, created_at
    from transactions where user_id = ${userId}
    order by created_at desc
    limit ${limit}`;
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
