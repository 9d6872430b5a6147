import {
  type CaptureResponse,
  maxBalanceMessage,
  billingMessages as msg,
} from "../../contracts/billing.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Deps } from "../platform/context.ts";
import type { Db, Sql } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { log } from "../platform/log.ts";
import type { PayPalOrder } from "../platform/ports.ts";
import { settle } from "./credit.service.ts";
import { isIndeterminate, PayPalError, PayPalUnreachable } from "./paypal-client.ts";
import {
  CREDITED,
  creditsOf,
  type OrderRow,
  ownOrder,
  releaseCapture,
  reserveCapture,
  type Source,
} from "./top-up.service.ts";

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
export class StillUnknown extends Error {}

/**
 * Captures with the order's own PayPal-Request-Id, retried on no answer or a 5xx (PayPal's
 * idempotency guide), and reads the order back when the answer stays unknown or when PayPal says
 * the order was already captured. Returns PayPal's view of the order; PayPal's refusals are thrown.
 */
export async function captureOrReadBack(
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

/** PayPal's refusals that send the buyer back to choose another funding source (buttons restart). */
export const BUYER_MUST_ACT = new Set([
  "INSTRUMENT_DECLINED",
  "PAYER_ACTION_REQUIRED",
  "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING",
]);

/**
 * A declined funding source (or a capture that needs the buyer again): the page tells the buyer the
 * payment failed, and from then on only the buyer's own new approval and capture may take money
 * for the order (the reconciler never captures it behind their back, perhaps after they paid with
 * a second order). That capture must not reuse this request id, which PayPal would answer with the
 * declined result again. PayPal itself refuses a second capture of the order.
 */
export async function buyerMustActAgain(sql: Db, row: OrderRow): Promise<void> {
  await sql`
    update paypal_orders set capture_request_id = gen_random_uuid(), buyer_told_failed_at = now(),
      capture_reserved_at = null
    where id = ${row.id} and capture_request_id = ${row.capture_request_id} and status = 'created'`;
}

/**
 * Closes an order that is not to be captured any more (the page told the buyer it failed, or it
 * expired at PayPal); false when it had left 'created' meanwhile.
 */
export async function closeOrder(
  sql: Sql,
  row: Pick<OrderRow, "id" | "user_id" | "amount">,
  reason: string,
  source: Source,
): Promise<boolean> {
  return await sql.begin(async (tx) => {
    const [order] = await tx`
      update paypal_orders set status = 'closed' where id = ${row.id} and status = 'created' returning id`;
    if (!order) return false;
    await recordAudit(tx, {
      actorId: null,
      action: "billing.paypal.order_closed",
      entity: "profile",
      entityId: row.user_id,
      after: { paypal_order_id: row.id, amount: row.amount, reason, source },
    });
    return true;
  });
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
      if (!(await reserveCapture(deps.sql, row, deps.config.MAX_BALANCE_EUR))) {
        // The page says the payment failed: the order must never be captured later, when the
        // balance has room again and the buyer has long paid another way.
        await closeOrder(deps.sql, row, "balance limit", "capture");
        throw new HttpError(
          422,
          ErrorCode.validation,
          maxBalanceMessage(deps.config.MAX_BALANCE_EUR),
        );
      }
      order = await captureOrReadBack(deps, row, 2);
    } else {
      // pending or captured: PayPal already holds the capture; read where it stands.
      order = await deps.paypal.getOrder(orderId);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // PayPal refused (an answer, not a lost one): nothing was taken, the amount is not in flight.
    if (err instanceof PayPalError && !isIndeterminate(err)) await releaseCapture(deps.sql, row.id);
    if (err instanceof PayPalError && err.issue && BUYER_MUST_ACT.has(err.issue)) {
      await buyerMustActAgain(deps.sql, row);
      throw new HttpError(422, ErrorCode.instrumentDeclined, msg.notCompleted);
    }
    if (err instanceof PayPalError && err.status === 404 && row.status === "created") {
      // PayPal let the order expire (or never had it): nothing was taken, and nothing will be.
      await closeOrder(deps.sql, row, "expired at PayPal", "capture");
      throw new HttpError(422, ErrorCode.paymentExpired, msg.orderExpired);
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
