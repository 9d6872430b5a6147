import { pruneMailOutbox } from "../mail/outbox.ts";
import { loadConfig } from "../platform/config.ts";
import type { Deps } from "../platform/context.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import { autoCloseTickets } from "../support/tickets.service.ts";
import { pruneIdempotencyKeys } from "./expire-orders.ts";
import { lifecycleSettings, runLifecycle } from "./lifecycle.ts";
import { reconcilePayPalJob } from "./reconcile-paypal.ts";

export interface Jobs {
  /** Stops the timer and waits for a run in progress, so the pool can close after it. */
  stop(): Promise<void>;
}

/** Runs the periodic jobs inside the API process, every `intervalMs` (a minute by default). */
export function startJobs(
  sql: Sql,
  intervalMs = 60_000,
  /** With PayPal, the reconciler runs on the same tick. */
  payments?: Pick<Deps, "paypal" | "config">,
): Jobs {
  let running: Promise<void> | null = null;
  // Reminders, auto-renew, grace period and expiry, with the config's days and mails.
  const lifecycle = lifecycleSettings(payments?.config);
  const mailRetentionDays = (payments?.config ?? loadConfig({})).MAIL_OUTBOX_RETENTION_DAYS;
  const supportConfig = payments?.config ?? loadConfig({});
  const tick = () => {
    // A slow run is not overlapped by the next tick of the same instance.
    if (running) return;
    running = (async () => {
      try {
        const ran = await runLifecycle(sql, lifecycle);
        const pruned = await pruneIdempotencyKeys(sql);
        const prunedMails = await pruneMailOutbox(sql, mailRetentionDays);
        if (
          ran.orders ||
          ran.auto_renewed ||
          ran.reminders ||
          ran.notices ||
          pruned ||
          prunedMails
        ) {
          log("info", "jobs ran", { ...ran, pruned_keys: pruned, pruned_mails: prunedMails });
        }
      } catch (err) {
        log("error", "jobs failed", { error: (err as Error).message });
      }
      try {
        // Tickets waiting for the customer too long close themselves, with a mail.
        const closed = await autoCloseTickets(sql, supportConfig);
        if (closed) log("info", "support tickets auto-closed", { closed });
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
