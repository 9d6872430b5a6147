import { recordAudit } from "../audit/audit.ts";
import { enqueueAccountMail } from "../mail/outbox.ts";
import { serverTerminated } from "../mail/templates/provisioning.ts";
import type { Sql } from "../platform/db.ts";
import type { ServerProvider } from "../platform/ports.ts";
import { failureText, ProviderError } from "../provider/provider-error.ts";
import { backoffMs, finish, type ProviderJobRow, reschedule } from "./queue.ts";

/** Graceful shutdowns tried before the server is forced off (it may ignore ACPI). */
const GRACEFUL_TRIES = 3;

/**
 * One step of a `power` job: bring the server to what its service's status wants (running when
 * active, stopped when suspended), read back from the provider before and after acting, so a
 * repeated step or two steps racing only ever repeat an action the provider takes idempotently.
 * The status is read afresh each step: a suspension and a renewal in quick succession end where
 * the service ends.
 */
export async function runPower(
  deps: { sql: Sql; provider: ServerProvider },
  job: ProviderJobRow,
): Promise<void> {
  const { sql, provider } = deps;
  const [service] = await sql<[{ service_status: string; reseller_id: number | null }?]>`
    select service_status, reseller_id from services where id = ${job.service_id}`;
  if (
    !service ||
    service.reseller_id === null ||
    !["active", "suspended"].includes(service.service_status)
  ) {
    await finish(sql, job, "done", "nothing to power: the service is gone or not live");
    return;
  }
  const want = service.service_status === "active" ? "running" : "stopped";
  try {
    const now = await provider.status(service.reseller_id);
    if (now.state === want) {
      await finish(sql, job, "done");
      return;
    }
    if (want === "running") await provider.power(service.reseller_id, "start");
    else
      await provider.power(
        service.reseller_id,
        job.attempts <= GRACEFUL_TRIES ? "shutdown" : "stop",
      );
    // Read back on the next step: the provider may take a moment (a graceful shutdown more).
    await reschedule(sql, job, Math.min(2_000 * job.attempts, 30_000), {
      lastError:
        job.attempts > GRACEFUL_TRIES ? `still ${now.state} after ${job.attempts} tries` : null,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.reason === "not_found") {
      // The server is gone: nothing to power. The drift report shows the service to staff.
      await finish(sql, job, "failed", failureText(err));
      return;
    }
    await reschedule(sql, job, backoffMs(job.attempts), { lastError: failureText(err) });
  }
}

/**
 * One step of a `delete` job: a server staff removed with its service, a service suspended past
 * TERMINATE_AFTER_DAYS, or a customer's cancelled service whose undo window is over. A termination is checked again first: a renewal since it was queued keeps
 * the server. A server the provider no longer has counts as deleted.
 */
export async function runDelete(
  deps: { sql: Sql; provider: ServerProvider; terminateAfterDays: number },
  job: ProviderJobRow,
): Promise<void> {
  const { sql, provider } = deps;
  let service: { user_id: string; product_name: string } | undefined;
  if (job.service_id) {
    [service] = await sql<{ user_id: string; product_name: string }[]>`
      select s.user_id, coalesce(p.name, 'VPS') as product_name
      from services s
        left join orders o on o.id = s.order_id left join products p on p.id = o.product_id
      where s.id = ${job.service_id} and (
        (s.service_status = 'suspended'
          and s.suspended_at <= now() - make_interval(days => ${deps.terminateAfterDays}))
        -- a customer's cancellation (plan-changes/) whose undo window is over
        or (s.service_status in ('active', 'suspended') and exists (
          select 1 from cancellations c where c.service_id = s.id
            and c.state = 'scheduled' and c.delete_after <= now())))`;
    if (!service) {
      await finish(sql, job, "done", "no longer due: the service is not suspended any more");
      return;
    }
  }
  try {
    await provider.deleteServer(job.vm_id!, true);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.reason !== "not_found") {
      await reschedule(sql, job, backoffMs(job.attempts), { lastError: failureText(err) });
      return;
    }
  }
  await sql.begin(async (tx) => {
    const [own] = await tx`
      update provider_jobs set state = 'done', finished_at = now(), updated_at = now(), lease_until = null
      where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending' returning 1`;
    if (!own || !service || !job.service_id) return;
    await tx`
      update services set service_status = 'terminated', root_password_sealed = null
      where id = ${job.service_id} and (service_status = 'suspended' or exists (
        select 1 from cancellations c where c.service_id = services.id and c.state = 'scheduled'))`;
    await tx`update cancellations set state = 'done', done_at = now()
      where service_id = ${job.service_id} and state = 'scheduled'`;
    await recordAudit(tx, {
      actorId: null,
      action: "service.terminate",
      entity: "service",
      entityId: job.service_id,
      before: { service_status: "suspended" },
      after: { service_status: "terminated", vm_id: job.vm_id },
    });
    await enqueueAccountMail(tx, {
      kind: "server_terminated",
      accountId: service.user_id,
      dedupeKey: `server-terminated:${job.service_id}`,
      ...serverTerminated({ productName: service.product_name, serviceId: job.service_id }),
    });
  });
}
