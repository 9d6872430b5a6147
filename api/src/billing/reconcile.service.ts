import type { Deps } from "../platform/context.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { PayPalOrder } from "../platform/ports.ts";
import {
  BUYER_MUST_ACT,
  buyerMustActAgain,
  captureOrReadBack,
  closeOrder,
} from "./capture.service.ts";
import { firstCapture, followCapture, settle } from "./credit.service.ts";
import { isIndeterminate, PayPalError } from "./paypal-client.ts";
import { recordRefundsOf } from "./refund-events.service.ts";
import { applyWaitingRefunds } from "./refunds.service.ts";
import {
  type OrderRow,
  releaseCapture,
  reserveCapture,
  statusIn,
  UNSETTLED,
} from "./top-up.service.ts";

// The PayPal reconciler.

export interface ReconcileResult {
  checked: number;
  credited: number;
  pending: number;
  closed: number;
  failed: number;
  unknown: number;
  refunds_applied: number;
  /** Credited top-ups read back for refunds made at PayPal. */
  followed_up: number;
}

/** Orders neither approved nor captured after this long are given up on (PayPal expires them). */
const GIVE_UP_AFTER_MS = 6 * 3600_000;
/** Re-checks back off from PAYPAL_RECONCILE_AFTER_SECONDS, doubling, up to this. */
const MAX_BACKOFF_SECONDS = 6 * 3600;

/**
 * Orders left in created (approved and never captured, or a capture whose answer was
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
  /**
   * How long a claimed order is this run's. Orders are claimed one at a time, right before their
   * PayPal calls, so the lease covers one order's calls (at most two 15 s timeouts and a read-back),
   * never a whole batch's: another replica never works the same order, nor charges it again.
   */
  leaseSeconds = 120,
): Promise<ReconcileResult> {
  const result: ReconcileResult = {
    checked: 0,
    credited: 0,
    pending: 0,
    closed: 0,
    failed: 0,
    unknown: 0,
    refunds_applied: 0,
    followed_up: 0,
  };
  for (let claimed = 0; claimed < limit; claimed++) {
    const [row] = await deps.sql<OrderRow[]>`
      update paypal_orders p set next_check_at = now() + make_interval(secs => ${leaseSeconds}),
        check_attempts = p.check_attempts + 1
      from (
        select id from paypal_orders
        where ${statusIn(deps.sql, UNSETTLED)} and next_check_at <= now()
        order by next_check_at
        limit 1
        for update skip locked
      ) d
      where p.id = d.id
      returning p.id, p.user_id, p.amount, p.currency, p.status, p.capture_request_id, p.capture_id, p.transaction_id,
        p.created_at, p.check_attempts`;
    if (!row) break;
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
        where id = ${row.id} and ${statusIn(deps.sql, UNSETTLED)}`;
    }
  }
  result.refunds_applied = await applyWaitingRefunds(deps.sql);
  result.followed_up = await followUpCredited(deps, limit, leaseSeconds);
  return result;
}

/** PayPal's window for refunds and disputes: a credited top-up is read back this long. */
const FOLLOW_UP_DAYS = 180;
/** The longest pause between two read-backs of a credited top-up. */
const MAX_FOLLOW_UP_GAP_SECONDS = 30 * 24 * 3600;

/**
 * Refunds made at PayPal whose webhook never came (lost, or PayPal gave up after 3 days of
 * retries): a credited top-up is read back after PAYPAL_RECONCILE_AFTER_SECONDS, then ever less
 * often (the pause doubles, up to 30 days) until 180 days after it was credited. The refunds the
 * order lists are recorded and applied once, exactly as their webhooks would be.
 */
async function followUpCredited(
  deps: Pick<Deps, "sql" | "paypal" | "config">,
  limit: number,
  leaseSeconds: number,
): Promise<number> {
  let followed = 0;
  for (; followed < limit; followed++) {
    // One at a time, like the unsettled orders: the lease covers one read, never a batch.
    const [row] = await deps.sql<{ id: string; check_attempts: number }[]>`
      update paypal_orders p set next_check_at = now() + make_interval(secs => ${leaseSeconds}),
        check_attempts = p.check_attempts + 1
      from (
        select id from paypal_orders
        where status = 'completed' and next_check_at <= now()
        order by next_check_at
        limit 1
        for update skip locked
      ) d
      where p.id = d.id
      returning p.id, p.check_attempts`;
    if (!row) break;
    try {
      const order = await deps.paypal.getOrder(row.id);
      await recordRefundsOf(deps.sql, order);
      // A complaint hold whose webhook never came is found the same way.
      await followCapture(deps.sql, firstCapture(order));
    } catch (err) {
      // Read again at the next step of the schedule.
      log("warn", "paypal follow-up read failed", { paypal_order_id: row.id, error: String(err) });
    }
    const gap = Math.min(
      deps.config.PAYPAL_RECONCILE_AFTER_SECONDS * 2 ** Math.min(row.check_attempts, 20),
      MAX_FOLLOW_UP_GAP_SECONDS,
    );
    await deps.sql`
      update paypal_orders set next_check_at = case
        when now() + make_interval(secs => ${gap}) < completed_at + make_interval(days => ${FOLLOW_UP_DAYS})
        then now() + make_interval(secs => ${gap}) end
      where id = ${row.id} and status = 'completed'`;
  }
  return followed;
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
      return await closed(deps.sql, row, "unknown at PayPal");
    }
    return "unknown";
  }
  if (row.status === "created" && order.status === "APPROVED" && !firstCapture(order)) {
    // The buyer approved and the capture never happened, or its answer was lost before PayPal
    // acted. Unless the page already told the buyer it failed: then it waits for the buyer.
    const stale = Date.now() - row.created_at.getTime() > GIVE_UP_AFTER_MS;
    if (await buyerWasToldItFailed(deps.sql, row.id)) {
      return stale ? await closed(deps.sql, row, "declined, not approved again") : "unknown";
    }
    if (!(await reserveCapture(deps.sql, row, deps.config.MAX_BALANCE_EUR))) {
      return stale ? await closed(deps.sql, row, "balance limit") : "unknown";
    }
    try {
      order = await captureOrReadBack(deps, row, 2);
    } catch (err) {
      if (err instanceof PayPalError && !isIndeterminate(err))
        await releaseCapture(deps.sql, row.id);
      if (err instanceof PayPalError && err.issue && BUYER_MUST_ACT.has(err.issue)) {
        await buyerMustActAgain(deps.sql, row);
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
        return await closed(deps.sql, row, `PayPal order ${order.status}`);
      }
      return "unknown";
    }
    default:
      return "unknown";
  }
}

async function closed(sql: Sql, row: OrderRow, reason: string): Promise<"closed" | "unknown"> {
  return (await closeOrder(sql, row, reason, "reconciler")) ? "closed" : "unknown";
}

async function buyerWasToldItFailed(sql: Sql, orderId: string): Promise<boolean> {
  const [row] = await sql<[{ told: boolean }?]>`
    select buyer_told_failed_at is not null as told from paypal_orders where id = ${orderId}`;
  return row?.told ?? false;
}
