import type { Deps } from "../context.ts";
import type { Sql } from "../db.ts";
import { log } from "../log.ts";
import { expireOrders, pruneIdempotencyKeys } from "./expire-orders.ts";
import { reconcilePayPalJob } from "./reconcile-paypal.ts";

export interface Jobs {
  /** Stops the timer and waits for a run in progress, so the pool can close after it. */
  stop(): Promise<void>;
}

/** Runs the periodic jobs inside the API process, every `intervalMs` (a minute by default). */
export function startJobs(
  sql: Sql,
  intervalMs = 60_000,
  /** Issue 15: with PayPal, the reconciler runs on the same tick. */
  payments?: Pick<Deps, "paypal" | "config">,
): Jobs {
  let running: Promise<void> | null = null;
  const tick = () => {
    // A slow run is not overlapped by the next tick of the same instance.
    if (running) return;
    running = (async () => {
      try {
        const expired = await expireOrders(sql);
        const pruned = await pruneIdempotencyKeys(sql);
        if (expired.orders || pruned) log("info", "jobs ran", { ...expired, pruned_keys: pruned });
      } catch (err) {
        log("error", "jobs failed", { error: (err as Error).message });
      }
      try {
        if (payments) {
          const r = await reconcilePayPalJob({ sql, ...payments });
          if (r.checked || r.refunds_applied) log("info", "paypal reconciled", { ...r });
        }
      } catch (err) {
        log("error", "jobs failed", { error: (err as Error).message });
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  const first = setTimeout(tick, 1_000);
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
