import { recordAudit } from "../audit/audit.ts";
import { enqueueAccountMail } from "../mail/outbox.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { ServerProvider } from "../platform/ports.ts";
import { failureText, ProviderError } from "../provider/provider-error.ts";
import { backoffMs, finish, type ProviderJobRow, reschedule } from "../provisioning/queue.ts";
import { credit } from "../shop/money.ts";
import { planChanged, planChangeFailed } from "./mails.ts";

/**
 * One step of a `change` job: the provider resizes the server of a plan change.
 *
 * The provider's change takes absolute sizes and answers synchronously (docs/hosterapi.md is silent on
 * jobs for it; the simulator answers at once), so sending it again after a lost answer (time-out,
 * dropped connection, a 5xx) asks for the same sizes again and cannot resize twice. Hence a lost
 * answer is simply sent again after a backoff, until CHANGE_DEADLINE_MS; a refusal (a disk that
 * would shrink, no free addresses, an unknown server) or the deadline fails the change for good,
 * and it is reversed: the order's product back, an upgrade's payment back with a credit note, the
 * customer told by mail.
 */
export const CHANGE_DEADLINE_MS = 30 * 60_000;

interface ChangeTarget {
  id: string;
  state: string;
  user_id: string;
  order_id: string;
  service_id: string;
  amount: string;
  transaction_id: string | null;
  from_product_id: string;
  to_product_id: string;
  from_name: string;
  to_name: string;
  reseller_id: number | null;
  cpu: number | null;
  memory_mb: number | null;
  disk_gb: number | null;
  ipv4_count: number | null;
}

export async function runChange(
  deps: { sql: Sql; provider: ServerProvider },
  job: ProviderJobRow & { plan_change_id?: string | null },
): Promise<void> {
  const { sql, provider } = deps;
  const [target] = await sql<[ChangeTarget?]>`
    select c.id, c.state, c.user_id, c.order_id, c.service_id, c.amount::text as amount,
      c.transaction_id, c.from_product_id, c.to_product_id, f.name as from_name, t.name as to_name,
      s.reseller_id, t.plan_cpu_cores as cpu, t.plan_memory_mb as memory_mb,
      t.plan_disk_gb as disk_gb, t.plan_ipv4_count as ipv4_count
    from provider_jobs j join plan_changes c on c.id = j.plan_change_id
      join products f on f.id = c.from_product_id join products t on t.id = c.to_product_id
      left join services s on s.id = c.service_id
    where j.id = ${job.id}`;
  if (target?.state !== "pending") {
    await finish(sql, job, "done", "the plan change is no longer pending");
    return;
  }
  if (
    target.reseller_id === null ||
    !target.cpu ||
    !target.memory_mb ||
    !target.disk_gb ||
    !target.ipv4_count
  ) {
    return await failForGood(deps, job, target, "the service has no server or the product no plan");
  }
  try {
    await provider.change(target.reseller_id, {
      cpuCores: target.cpu,
      memoryMb: target.memory_mb,
      diskGb: target.disk_gb,
      ipv4Count: target.ipv4_count,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (!err.uncertain || job.created_at.getTime() + CHANGE_DEADLINE_MS < Date.now()) {
      return await failForGood(deps, job, target, failureText(err));
    }
    log("warn", "provider change not answered: sending it again", {
      job_id: job.id,
      reason: err.reason,
    });
    await reschedule(sql, job, backoffMs(job.attempts), { lastError: failureText(err) });
    return;
  }
  await complete(deps, job, target);
}

/** The provider made the change: the service shows its new sizes; a downgrade is credited now. */
async function complete(deps: { sql: Sql }, job: ProviderJobRow, t: ChangeTarget) {
  await deps.sql.begin(async (tx) => {
    const [own] = await tx`
      update provider_jobs set state = 'done', finished_at = now(), updated_at = now(),
        lease_until = null, last_error = null
      where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
      returning 1`;
    if (!own) return;
    await tx`update plan_changes set state = 'done', finished_at = now() where id = ${t.id}`;
    await tx`
      update services set ram = ${String(Math.round(t.memory_mb! / 1024))}, cpu = ${String(t.cpu)},
        storage = ${String(t.disk_gb)}
      where id = ${t.service_id}`;
    let credited: string | null = null;
    if (Number(t.amount) < 0) {
      // The downgrade's difference, against the order's latest invoice (its VAT back too).
      const [invoice] = await tx<[{ id: string }?]>`
        select id from invoices where order_id = ${t.order_id} and kind = 'invoice'
        order by issued_at desc limit 1`;
      const back = t.amount.slice(1);
      const done = await credit(tx, t.user_id, {
        amount: back,
        kind: "plan_change",
        reference: `CHANGE-${t.service_id.slice(0, 8)}`,
        description: `Plan change ${t.from_name} → ${t.to_name}: unused days credited`,
        orderId: t.order_id,
        refersTo: invoice?.id ?? null,
        actorId: null,
      });
      await tx`update plan_changes set transaction_id = ${done.transactionId} where id = ${t.id}`;
      credited = back;
    }
    await recordAudit(tx, {
      actorId: null,
      action: "service.plan_changed",
      entity: "service",
      entityId: t.service_id,
      after: { plan_change_id: t.id, product: t.to_name, credited },
    });
    await enqueueAccountMail(tx, {
      kind: "plan_changed",
      accountId: t.user_id,
      dedupeKey: `plan-changed:${t.id}`,
      ...planChanged({ from: t.from_name, to: t.to_name, serviceId: t.service_id, credited }),
    });
  });
}

/** Given up: the change is reversed and the customer told. */
async function failForGood(
  deps: { sql: Sql },
  job: ProviderJobRow,
  t: ChangeTarget,
  reason: string,
) {
  log("warn", "plan change failed", { job_id: job.id, plan_change_id: t.id, reason });
  await deps.sql.begin(async (tx) => {
    const [own] = await tx`
      update provider_jobs set state = 'failed', finished_at = now(), updated_at = now(),
        lease_until = null, last_error = ${reason}
      where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
      returning 1`;
    if (!own) return;
    await tx`
      update plan_changes set state = 'reversed', finished_at = now(), reason = ${reason}
      where id = ${t.id} and state = 'pending'`;
    // The order's product back, unless something else changed it since (nothing can: a change
    // pending blocks the next one, and a renewal keeps the product).
    await tx`update orders set product_id = ${t.from_product_id}
      where id = ${t.order_id} and product_id = ${t.to_product_id}`;
    let refunded: string | null = null;
    if (Number(t.amount) > 0) {
      const [invoice] = await tx<[{ id: string; number: string }?]>`
        select id, number from invoices where transaction_id = ${t.transaction_id}`;
      const back = await credit(tx, t.user_id, {
        amount: t.amount,
        kind: "plan_change",
        reference: `CHANGE-${t.service_id.slice(0, 8)}`,
        description: `Plan change ${t.from_name} → ${t.to_name} not made at the provider${
          invoice ? ` (corrects ${invoice.number})` : ""
        }`,
        orderId: t.order_id,
        refersTo: invoice?.id ?? null,
        actorId: null,
      });
      await tx`update plan_changes set reversal_transaction_id = ${back.transactionId} where id = ${t.id}`;
      refunded = t.amount;
    }
    await recordAudit(tx, {
      actorId: null,
      action: "service.plan_change_reversed",
      entity: "service",
      entityId: t.service_id,
      after: { plan_change_id: t.id, reason, refunded },
    });
    await enqueueAccountMail(tx, {
      kind: "plan_change_failed",
      accountId: t.user_id,
      dedupeKey: `plan-change-failed:${t.id}`,
      ...planChangeFailed({ from: t.from_name, to: t.to_name, serviceId: t.service_id, refunded }),
    });
  });
}
