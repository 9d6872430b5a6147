import { recordAudit } from "../audit/audit.ts";
import { enqueueAccountMail, enqueueMail } from "../mail/outbox.ts";
import { provisioningFailed, serverReady } from "../mail/templates/provisioning.ts";
import type { Sql, Tx } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { CreatedServer, SecretBox, ServerPlan, ServerProvider } from "../platform/ports.ts";
import { failureText, ProviderError } from "../provider/provider-error.ts";
import { backoffMs, finish, type ProviderJobRow, reschedule } from "./queue.ts";
import { refundOrder } from "./refund.ts";

/**
 * One step of a `provision` job: make the VPS of one order, exactly once.
 *
 * The provider's create takes no idempotency key and no tag, and its answer names only a job, so
 * a create whose answer is lost (time-out, dropped connection, a 5xx) may or may not have made a
 * server, which shows up in the account's list only once the provider's job is done. Hence:
 *
 * 1. Creates are serialised per provider account by the gate row (provider_create_gate): the job
 *    that holds it lists the account's servers, records them and the moment of sending
 *    (durably, before sending), then sends the create.
 * 2. Answered: the provider's job id is recorded and the gate released; later steps poll the job.
 * 3. Not answered: the gate stays held (no other create may run, or its server could not be told
 *    apart from ours). Later steps wait until every other answered create has finished, then list
 *    again: a server beyond those recorded and those the portal knows is this order's, and is
 *    adopted. None after PROVISION_CREATE_SETTLE_SECONDS: nothing was made, create again.
 * 4. A replica that dies anywhere leaves the job's lease to run out; the next holder finds the
 *    recorded send and continues at 3, never creating twice.
 */
export interface ProvisionSettings {
  /** How often a pending provider job is read. */
  pollMs: number;
  /** How long a create with a lost answer may take to show its server. */
  createSettleSeconds: number;
  /** From the purchase until provisioning is given up (refunded). */
  deadlineMinutes: number;
  staffEmail?: string;
  publicUrl: string;
}

export interface ProvisionDeps {
  sql: Sql;
  provider: ServerProvider;
  secretBox: SecretBox;
  settings: ProvisionSettings;
  /**
   * Runs this process's creates one after the other, so its jobs queue here instead of polling
   * the gate row; the gate row still orders them against other replicas.
   */
  createInTurn: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** A lock of one process: each call runs after the previous one settled. */
export function inTurn(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => {});
    return run;
  };
}

interface Target {
  service_id: string;
  service_status: string;
  user_id: string;
  order_id: string;
  order_status: string;
  product_name: string;
  plan_template: string | null;
  plan_cpu_cores: number | null;
  plan_memory_mb: number | null;
  plan_disk_gb: number | null;
  plan_ipv4_count: number | null;
}

export async function runProvision(deps: ProvisionDeps, job: ProviderJobRow): Promise<void> {
  const { sql } = deps;
  const [target] = await sql<[Target?]>`
    select s.id as service_id, s.service_status, s.user_id, o.id as order_id, o.status as order_status,
      p.name as product_name, p.plan_template, p.plan_cpu_cores, p.plan_memory_mb,
      p.plan_disk_gb, p.plan_ipv4_count
    from services s join orders o on o.id = s.order_id join products p on p.id = o.product_id
    where s.id = ${job.service_id}`;
  if (!target || target.service_status !== "provisioning") {
    // Removed or settled by staff meanwhile. A create in flight may still make a server: the
    // drift report shows it to staff rather than this job guessing.
    await releaseGate(sql, job.id);
    await finish(
      sql,
      job,
      "done",
      target ? `service is ${target.service_status}` : "service removed",
    );
    return;
  }
  try {
    if (job.provider_job_id) return await followCreateJob(deps, job, target);
    if (job.create_sent_at) return await findLostCreate(deps, job, target);
    return await deps.createInTurn(() => sendCreate(deps, job, target));
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // A read or list that failed: try again later; the deadline bounds it (except while a
    // create's outcome is unknown: giving up then could leave a server without its order).
    if (pastDeadline(job, deps.settings) && !job.create_sent_at)
      return await failForGood(
        deps,
        job,
        target,
        `gave up after the deadline: ${failureText(err)}`,
      );
    await reschedule(sql, job, backoffMs(job.attempts), { lastError: failureText(err) });
  }
}

/** The job's own deadline when staff set one, else PROVISION_DEADLINE_MINUTES from the purchase. */
const pastDeadline = (job: ProviderJobRow, settings: ProvisionSettings) =>
  (job.deadline?.getTime() ?? job.created_at.getTime() + settings.deadlineMinutes * 60_000) <
  Date.now();

const planOf = (t: Target): ServerPlan | null =>
  t.plan_template && t.plan_cpu_cores && t.plan_memory_mb && t.plan_disk_gb && t.plan_ipv4_count
    ? {
        template: t.plan_template,
        cpuCores: t.plan_cpu_cores,
        memoryMb: t.plan_memory_mb,
        diskGb: t.plan_disk_gb,
        ipv4Count: t.plan_ipv4_count,
      }
    : null;

/** Takes the create gate for this job (or finds it held by it). A stale holder is replaced. */
async function takeGate(sql: Sql, jobId: string): Promise<boolean> {
  const rows = await sql`
    update provider_create_gate g set job_id = ${jobId}, held_since = now()
    where g.id = 1 and (
      g.job_id is null or g.job_id = ${jobId}
      -- the holder ended, or took the gate and died before recording a send
      or not exists (select 1 from provider_jobs j where j.id = g.job_id and j.state = 'pending'
        and (j.create_sent_at is not null or g.held_since > now() - interval '2 minutes')))
    returning 1`;
  return rows.length === 1;
}

async function releaseGate(sql: Sql | Tx, jobId: string): Promise<void> {
  await sql`update provider_create_gate set job_id = null, held_since = null where id = 1 and job_id = ${jobId}`;
}

/** A wait that is not a failure: the attempt it was claimed with is not counted. */
async function waitFor(sql: Sql, job: ProviderJobRow, ms: number): Promise<void> {
  await sql`update provider_jobs set attempts = greatest(attempts - 1, 0) where id = ${job.id} and lease_token = ${job.lease_token}`;
  await reschedule(sql, job, ms);
}

async function sendCreate(deps: ProvisionDeps, job: ProviderJobRow, target: Target) {
  const { sql, provider } = deps;
  const plan = planOf(target);
  if (!plan) return await failForGood(deps, job, target, "the product has no server plan");
  if (pastDeadline(job, deps.settings))
    return await failForGood(deps, job, target, "the deadline passed");
  // Held by another replica (or by a lost create being looked for): try again shortly.
  if (!(await takeGate(sql, job.id))) return await waitFor(sql, job, 50 + Math.random() * 100);
  let before: number[];
  try {
    before = (await provider.listServers()).map((s) => s.vmId);
  } catch (err) {
    await releaseGate(sql, job.id);
    throw err;
  }
  // Durably, before the create leaves: whoever runs this job next knows a create may exist.
  const [recorded] = await sql`
    update provider_jobs set create_sent_at = now(), servers_before = ${before}::int[], updated_at = now()
    where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
    returning 1`;
  if (!recorded) return; // the lease was taken over; the new holder goes on
  let created: { jobId: string };
  try {
    created = await provider.createServer(plan);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (!err.uncertain) {
      // Refused: nothing was made. The refusal is the provider's word on this plan.
      await sql.begin(async (tx) => {
        await tx`update provider_jobs set create_sent_at = null, servers_before = null where id = ${job.id}`;
        await releaseGate(tx, job.id);
      });
      return await failForGood(deps, job, target, `the provider refused: ${err.message}`);
    }
    log("warn", "provider create answer lost", { job_id: job.id, reason: err.reason });
    await reschedule(sql, job, deps.settings.pollMs, {
      lastError: `create not answered (${failureText(err)}): looking for its server`,
    });
    return;
  }
  await sql.begin(async (tx) => {
    await tx`
      update provider_jobs set provider_job_id = ${created.jobId}, create_sent_at = null, updated_at = now()
      where id = ${job.id} and lease_token = ${job.lease_token}`;
    await releaseGate(tx, job.id);
  });
  await reschedule(sql, job, deps.settings.pollMs, { lastError: null, resetAttempts: true });
}

async function followCreateJob(deps: ProvisionDeps, job: ProviderJobRow, target: Target) {
  const state = await deps.provider.job(job.provider_job_id!);
  if (state.state === "failed")
    return await failForGood(deps, job, target, `the provider's job ended "${state.status}"`);
  if (state.state === "pending") {
    if (pastDeadline(job, deps.settings)) {
      return await failForGood(
        deps,
        job,
        target,
        `the provider's job was still "${state.status}" at the deadline`,
      );
    }
    return await waitFor(deps.sql, job, deps.settings.pollMs);
  }
  if (!state.server)
    return await failForGood(deps, job, target, "the provider's job finished without a server");
  await complete(deps, job, target, state.server);
}

async function findLostCreate(deps: ProvisionDeps, job: ProviderJobRow, target: Target) {
  const { sql, provider, settings } = deps;
  // Answered creates still at work would show their servers too: wait until they are placed.
  const [busy] = await sql`
    select 1 from provider_jobs
    where kind = 'provision' and state = 'pending' and provider_job_id is not null and id <> ${job.id}
    limit 1`;
  if (busy) return await waitFor(sql, job, settings.pollMs);
  const servers = await provider.listServers();
  const before = new Set(job.servers_before ?? []);
  const known = new Set(
    (
      await sql<{ vm_id: number }[]>`
        select reseller_id as vm_id from services where reseller_id is not null
        union select vm_id from provider_jobs where vm_id is not null`
    ).map((r) => r.vm_id),
  );
  const appeared = servers
    .filter((s) => !before.has(s.vmId) && !known.has(s.vmId))
    .sort((a, b) => a.vmId - b.vmId);
  const ours = appeared[0];
  if (ours) {
    if (appeared.length > 1) {
      log("warn", "more servers appeared than creates were sent", {
        job_id: job.id,
        vm_ids: appeared.map((s) => s.vmId),
      });
    }
    // The create's answer (with the root password) is lost: set a new one to show the customer.
    let rootPassword: string | null = null;
    try {
      rootPassword = (await provider.resetPassword(ours.vmId, null)).password;
    } catch (err) {
      log("warn", "adopted server: password reset failed", {
        vm_id: ours.vmId,
        error: failureText(err),
      });
    }
    return await complete(deps, job, target, { vmId: ours.vmId, ipv4: ours.ipv4, rootPassword });
  }
  const sentAt = job.create_sent_at!.getTime();
  if (Date.now() - sentAt < settings.createSettleSeconds * 1000)
    return await waitFor(sql, job, settings.pollMs);
  // Long enough: the lost create made nothing. Create again (the gate is still ours).
  await sql`
    update provider_jobs set create_sent_at = null, servers_before = null, updated_at = now(),
      last_error = 'the lost create made no server: creating again'
    where id = ${job.id} and lease_token = ${job.lease_token}`;
  await releaseGate(sql, job.id);
  await reschedule(sql, job, 0);
}

/** The server exists: the service becomes active with it, the customer is told. One transaction. */
async function complete(
  deps: ProvisionDeps,
  job: ProviderJobRow,
  target: Target,
  server: CreatedServer,
): Promise<void> {
  const ipv4 = server.ipv4[0];
  if (!ipv4) {
    return await failForGood(deps, job, target, `server ${server.vmId} has no IPv4 address`, {
      keepServer: server.vmId,
    });
  }
  const plan = planOf(target);
  const sealed = server.rootPassword
    ? await deps.secretBox.seal(server.rootPassword, target.service_id)
    : null;
  // An order that lapsed while its server was made gets it stopped, as its expiry would have.
  const status = target.order_status === "active" ? "active" : "suspended";
  await deps.sql.begin(async (tx) => {
    const [own] = await tx`
      update provider_jobs set vm_id = ${server.vmId}, state = 'done', finished_at = now(),
        updated_at = now(), lease_until = null, last_error = null
      where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
      returning 1`;
    if (!own) return;
    await releaseGate(tx, job.id);
    await tx`
      update services set reseller_id = ${server.vmId}, ipv4 = ${ipv4},
        ram = ${plan ? String(Math.round(plan.memoryMb / 1024)) : tx`ram`},
        cpu = ${plan ? String(plan.cpuCores) : tx`cpu`},
        storage = ${plan ? String(plan.diskGb) : tx`storage`},
        service_status = ${status}, root_password_sealed = ${sealed}
      where id = ${target.service_id} and service_status = 'provisioning'`;
    if (status === "suspended") {
      await tx`insert into provider_jobs (kind, service_id, vm_id) values ('power', ${target.service_id}, ${server.vmId})
        on conflict (service_id) where kind = 'power' and state = 'pending' do nothing`;
    }
    await recordAudit(tx, {
      actorId: null,
      action: "service.provisioned",
      entity: "service",
      entityId: target.service_id,
      after: { vm_id: server.vmId, ipv4, status, attempts: job.attempts },
    });
    await enqueueAccountMail(tx, {
      kind: "server_ready",
      accountId: target.user_id,
      dedupeKey: `server-ready:${target.service_id}`,
      ...serverReady({
        productName: target.product_name,
        serviceId: target.service_id,
        ipv4,
        url: new URL(`/service/${target.service_id}`, deps.settings.publicUrl).href,
        passwordWaiting: sealed !== null,
      }),
    });
  });
}

/**
 * Provisioning is given up: the order is cancelled and its price goes back to the balance
 * (ledger row and credit note, refund.ts); customer and staff are told; staff see it under
 * "provisioning failed" with Retry.
 */
async function failForGood(
  deps: ProvisionDeps,
  job: ProviderJobRow,
  target: Target,
  reason: string,
  options: { keepServer?: number } = {},
): Promise<void> {
  log("warn", "provisioning failed", { job_id: job.id, service_id: target.service_id, reason });
  await deps.sql.begin(async (tx) => {
    const [own] = await tx`
      update provider_jobs set state = 'failed', finished_at = now(), updated_at = now(),
        lease_until = null, last_error = ${reason}, vm_id = ${options.keepServer ?? null}
      where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
      returning 1`;
    if (!own) return;
    await releaseGate(tx, job.id);
    await tx`update services set service_status = 'failed' where id = ${target.service_id} and service_status = 'provisioning'`;
    const refunded = await refundOrder(tx, target.order_id, reason);
    const mail = provisioningFailed({
      productName: target.product_name,
      orderId: target.order_id,
      refunded,
      reason,
    });
    await enqueueAccountMail(tx, {
      kind: "provisioning_failed",
      accountId: target.user_id,
      dedupeKey: `provisioning-failed:${job.id}`,
      ...mail.customer,
    });
    if (deps.settings.staffEmail) {
      await enqueueMail(tx, {
        kind: "staff_provisioning_failed",
        to: deps.settings.staffEmail,
        dedupeKey: `staff:provisioning-failed:${job.id}`,
        ...mail.staff(new URL("/admin/services?status=failed", deps.settings.publicUrl).href),
      });
    }
  });
}
