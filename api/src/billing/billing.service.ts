import type { Deps } from "../context.ts";
import type { Db, Sql } from "../db.ts";
import { HttpError } from "../http-error.ts";
import { log } from "../log.ts";
import { recordAudit } from "../audit/audit.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import {
  billingMessages as msg,
  CURRENCY,
  type CaptureResponse,
  type CreateOrderResponse,
  type Transaction,
} from "../../contracts/billing.ts";
import { type PayPalCapture, PayPalError, type PayPalOrder, PayPalUnreachable } from "./paypal-client.ts";

interface OrderRow {
  id: string;
  user_id: string;
  amount: string;
  currency: string;
  status: "created" | "completed" | "refunded" | "reversed";
  capture_request_id: string;
  capture_id: string | null;
  transaction_id: string | null;
}

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

async function findOrder(sql: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await sql<OrderRow[]>`
    select id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id
    from paypal_orders where id = ${orderId}`;
  return row;
}

/** The caller's order, or 404 for an unknown order and for another user's (no existence leak). */
async function ownOrder(sql: Db, orderId: string, userId: string): Promise<OrderRow> {
  const row = await findOrder(sql, orderId);
  if (!row || row.user_id !== userId) throw new HttpError(404, ErrorCode.notFound, msg.captureFailed);
  return row;
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
    insert into paypal_orders (id, user_id, amount, currency, request_id)
    values (${order.id}, ${userId}, ${amount}, ${CURRENCY}, ${requestId})
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
    approve_url: order.links?.find((l) => l.rel === "approve" || l.rel === "payer-action")?.href ?? null,
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

/**
 * The one exactly-once crediting path, shared by the capture call and the webhook. The order row
 * flips from 'created' to 'completed' in the same SQL transaction as the credit, the ledger row and
 * the audit row; a concurrent caller blocks on that row and then finds it completed. The partial
 * unique index on transactions(paypal_transaction_id) is the second lock on the same door.
 */
export async function creditCapture(sql: Sql, facts: CaptureFacts, actorId: string | null): Promise<CreditResult> {
  if (facts.status !== "COMPLETED") return { outcome: "mismatch" };
  const amount = facts.amount && MONEY.test(facts.amount) ? facts.amount : null;
  const credited = await sql.begin(async (tx) => {
    const [order] = await tx<OrderRow[]>`
      update paypal_orders
      set status = 'completed', capture_id = ${facts.captureId}, completed_at = now()
      where id = ${facts.orderId} and status = 'created'
        and currency = ${facts.currency ?? ""} and amount = ${amount}::numeric
      returning id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id`;
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
      },
    });
    return { order: { ...order, transaction_id: txn!.id }, credits: profile.credits };
  });
  if (credited) return { outcome: "credited", ...credited };
  const order = await findOrder(sql, facts.orderId);
  if (!order) return { outcome: "unknown" };
  if (order.status !== "created") return { outcome: "already", order, credits: await creditsOf(sql, order.user_id) };
  log("warn", "paypal capture does not match the order", {
    paypal_order_id: facts.orderId,
    expected: `${order.amount} ${order.currency}`,
    got: `${facts.amount} ${facts.currency}`,
  });
  return { outcome: "mismatch", order };
}

async function creditsOf(sql: Db, userId: string): Promise<string> {
  const [row] = await sql<{ credits: string }[]>`select credits from profiles where id = ${userId}`;
  return row?.credits ?? "0.00";
}

/** purchase_units[0].payments.captures[0], or the authorization when there is no capture. */
function firstCapture(order: PayPalOrder): PayPalCapture | undefined {
  const payments = order.purchase_units?.[0]?.payments;
  return payments?.captures?.[0] ?? payments?.authorizations?.[0];
}

const captureResponse = (order: OrderRow, credits: string): CaptureResponse => ({
  order_id: order.id,
  status: "COMPLETED",
  amount: order.amount,
  credits,
  capture_id: order.capture_id ?? "",
  transaction_id: order.transaction_id,
});

/**
 * Captures the caller's order at PayPal and credits it once. Every retry sends the order's own
 * PayPal-Request-Id, so PayPal replays the first capture instead of refusing; when it answers
 * ORDER_ALREADY_CAPTURED anyway, the order is read back and credited from what PayPal reports.
 */
export async function captureTopUp(deps: Deps, userId: string, orderId: string): Promise<CaptureResponse> {
  const row = await ownOrder(deps.sql, orderId, userId);
  if (row.status !== "created") return captureResponse(row, await creditsOf(deps.sql, userId));

  let order: PayPalOrder;
  try {
    order = await deps.paypal.captureOrder(orderId, row.capture_request_id);
  } catch (err) {
    if (err instanceof PayPalError && err.issue === "ORDER_ALREADY_CAPTURED") {
      order = await readOrder(deps, orderId);
    } else if (err instanceof PayPalError && err.issue === "INSTRUMENT_DECLINED") {
      throw new HttpError(422, ErrorCode.instrumentDeclined, msg.notCompleted);
    } else if (err instanceof PayPalError && (err.issue === "ORDER_NOT_APPROVED" || err.status === 422)) {
      throw new HttpError(422, ErrorCode.paymentNotCompleted, msg.notCompleted);
    } else if (err instanceof PayPalError || err instanceof PayPalUnreachable) {
      log("warn", "paypal capture failed", { paypal_order_id: orderId, error: err.message });
      throw new HttpError(502, ErrorCode.providerFailed, msg.captureFailed);
    } else {
      throw err;
    }
  }

  const capture = firstCapture(order);
  if (!capture || capture.status !== "COMPLETED") {
    throw new HttpError(402, ErrorCode.paymentNotCompleted, msg.notCompleted);
  }
  let result: CreditResult;
  try {
    result = await creditCapture(
      deps.sql,
      {
        orderId,
        captureId: capture.id,
        status: capture.status,
        amount: capture.amount?.value,
        currency: capture.amount?.currency_code,
      },
      userId,
    );
  } catch (err) {
    log("error", "crediting a paypal capture failed", { paypal_order_id: orderId, error: String(err) });
    throw new HttpError(500, ErrorCode.internal, msg.balanceUpdateFailed);
  }
  if (result.outcome === "credited" || result.outcome === "already") {
    return captureResponse(result.order, result.credits);
  }
  throw new HttpError(402, ErrorCode.paymentFailed, msg.paymentError);
}

async function readOrder(deps: Deps, orderId: string): Promise<PayPalOrder> {
  try {
    return await deps.paypal.getOrder(orderId);
  } catch {
    throw new HttpError(502, ErrorCode.providerFailed, msg.captureFailed);
  }
}

// deno-lint-ignore no-explicit-any
type WebhookEvent = { id?: string; event_type?: string; resource?: any };

/**
 * PayPal webhooks, verified by PayPal itself. A completed capture goes through the same crediting
 * path as the page's capture call, so a browser closed right after approval still gets its credits.
 */
export async function handleWebhook(
  deps: Deps,
  headers: Headers,
  event: WebhookEvent,
): Promise<"processed" | "duplicate" | "ignored"> {
  let verified: boolean;
  try {
    verified = await deps.paypal.verifyWebhook(headers, event);
  } catch {
    // PayPal retries a delivery that did not get a 2xx, so an unverifiable one is retried later.
    throw new HttpError(502, ErrorCode.providerFailed, "Webhook verification unavailable");
  }
  if (!verified) throw new HttpError(400, ErrorCode.validation, "Webhook signature verification failed");
  if (!event.id || !event.event_type) return "ignored";
  const [seen] = await deps.sql`select 1 from paypal_webhook_events where id = ${event.id}`;
  if (seen) return "duplicate";

  const resource = event.resource ?? {};
  let outcome: "processed" | "ignored" = "ignored";
  if (event.event_type === "PAYMENT.CAPTURE.COMPLETED") {
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    if (typeof orderId === "string" && typeof resource.id === "string") {
      const result = await creditCapture(
        deps.sql,
        {
          orderId,
          captureId: resource.id,
          status: resource.status,
          amount: resource.amount?.value,
          currency: resource.amount?.currency_code,
        },
        null,
      );
      outcome = result.outcome === "credited" || result.outcome === "already" ? "processed" : "ignored";
    }
  } else if (event.event_type === "PAYMENT.CAPTURE.REFUNDED" || event.event_type === "PAYMENT.CAPTURE.REVERSED") {
    const refund = event.event_type === "PAYMENT.CAPTURE.REFUNDED";
    const captureId: string | undefined = refund
      ? /\/captures\/([^/]+)$/.exec(
        // deno-lint-ignore no-explicit-any
        (resource.links ?? []).find((l: any) => l?.rel === "up")?.href ?? "",
      )?.[1]
      : resource.id;
    const value: string | undefined = resource.amount?.value;
    if (captureId && value && MONEY.test(value)) {
      outcome = await reverseTopUp(deps.sql, {
        captureId,
        kind: refund ? "refund" : "reversal",
        externalId: refund ? resource.id : captureId,
        amount: value,
      })
        ? "processed"
        : "ignored";
    }
  }
  await deps.sql`
    insert into paypal_webhook_events (id, event_type, resource_id)
    values (${event.id}, ${event.event_type}, ${typeof resource.id === "string" ? resource.id : null})
    on conflict do nothing`;
  return outcome;
}

/**
 * A refund or reversal of a credited top-up takes the money back, as far as the balance allows
 * (it never goes negative: credits already spent on servers stay spent), and records it as such.
 */
async function reverseTopUp(
  sql: Sql,
  r: { captureId: string; kind: "refund" | "reversal"; externalId: string; amount: string },
): Promise<boolean> {
  const status = r.kind === "refund" ? "refunded" : "reversed";
  return await sql.begin(async (tx) => {
    const [order] = await tx<OrderRow[]>`
      update paypal_orders set status = ${status}
      where capture_id = ${r.captureId} and status = 'completed'
      returning id, user_id, amount, currency, status, capture_request_id, capture_id, transaction_id`;
    if (!order) return false;
    if (order.transaction_id) {
      await tx`update transactions set status = ${status} where id = ${order.transaction_id}`;
    }
    const [change] = await tx<{ before: string; after: string; debited: string }[]>`
      with old as (select credits from profiles where id = ${order.user_id} for update)
      update profiles p set credits = greatest(p.credits - least(${r.amount}::numeric, ${order.amount}::numeric), 0)
      from old where p.id = ${order.user_id}
      returning old.credits as before, p.credits as after, old.credits - p.credits as debited`;
    let transactionId: string | null = null;
    if (change && change.debited !== "0.00") {
      const [txn] = await tx<{ id: string }[]>`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
        values (${order.user_id}, -(${change.debited}::numeric), ${status}, ${r.kind}, ${r.externalId})
        on conflict do nothing
        returning id`;
      transactionId = txn?.id ?? null;
    }
    await recordAudit(tx, {
      actorId: null,
      action: `credits.${r.kind}`,
      entity: "profile",
      entityId: order.user_id,
      before: { credits: change?.before },
      after: {
        credits: change?.after,
        requested: r.amount,
        debited: change?.debited,
        paypal_order_id: order.id,
        paypal_capture_id: r.captureId,
        transaction_id: transactionId,
      },
    });
    return true;
  });
}

/** Newest first, served by transactions_user_created_idx (user_id, created_at desc). */
export async function listTransactions(sql: Db, userId: string, limit: number): Promise<Transaction[]> {
  const rows = await sql<(Omit<Transaction, "created_at"> & { created_at: Date })[]>`
    select id, amount, status, kind, paypal_transaction_id, created_at
    from transactions where user_id = ${userId}
    order by created_at desc
    limit ${limit}`;
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
