import { recordAudit } from "../audit/audit.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { SecretBox, ServerProvider } from "../platform/ports.ts";
import { failureText, ProviderError } from "../provider/provider-error.ts";
import type { ProvisionSettings } from "../provisioning/provision.ts";
import { backoffMs, type ProviderJobRow, reschedule } from "../provisioning/queue.ts";

/**
 * One step of a `reinstall` job: the customer's server gets a fresh system, exactly once.
 *
 * The provider's reinstall answers only a job id (the new root password comes in the job's
 * output) and takes no idempotency key, so an answer that is lost (time-out, dropped connection,
 * a 5xx) may or may not have started a reinstall. Sending it again could wipe the disk twice,
 * perhaps after the customer already logged in to the fresh system. Hence:
 *
 * 1. Before sending, the server's power state and uptime are recorded with the moment of sending,
 *    durably. Answered: the job id is recorded and later steps follow the job.
 * 2. Not answered: later steps read the server back. Running again with an uptime shorter than
 *    the time since sending (or running when it was stopped): it restarted since, which during a
 *    reinstall (no other action is allowed meanwhile) is the reinstall's doing. Its password was
 *    in the lost answer's job, so a new one is set to show the customer.
 * 3. No such sign within SERVER_PROVIDER_CREATE_SETTLE_SECONDS: nothing was started; send again.
 */
export interface ReinstallDeps {
  sql: Sql;
  provider: ServerProvider;
  secretBox: SecretBox;
  settings: Pick<ProvisionSettings, "pollMs" | "createSettleSeconds">;
}

interface ReinstallRow {
  template: string | null;
  requested_by: string | null;
  sent_at: Date | null;
  state_before: string | null;
  uptime_before: string | null;
  service_status: string | null;
  reseller_id: number | null;
}

/** A reinstall's job that stays pending this long is given up (the customer may try again). */
const REINSTALL_DEADLINE_MS = 2 * 3600_000;
/**
 * How much later the server's boot must seem than before the send to count as a restart: the
 * provider's uptime is in whole seconds and the read before the send takes a moment, which
 * together move the apparent boot time by up to about a second without any restart.
 */
const UPTIME_SLACK_SECONDS = 2;

export async function runReinstall(deps: ReinstallDeps, job: ProviderJobRow): Promise<void> {
  const { sql } = deps;
  const [row] = await sql<[ReinstallRow?]>`
    select j.template, j.requested_by, j.sent_at, j.state_before, j.uptime_before::text,
      s.service_status, s.reseller_id
    from provider_jobs j left join services s on s.id = j.service_id
    where j.id = ${job.id}`;
  if (!row?.template || row.reseller_id === null || job.vm_id !== row.reseller_id) {
    await end(deps, job, row, "failed", "the service or its server is gone");
    return;
  }
  if (row.service_status !== "active" && !job.provider_job_id && !row.sent_at) {
    // Suspended (or ended) before the reinstall left: it is not sent.
    await end(deps, job, row, "failed", `the service is ${row.service_status}`);
    return;
  }
  try {
    if (job.provider_job_id) return await followJob(deps, job, row);
    if (row.sent_at) return await findLostReinstall(deps, job, row);
    return await send(deps, job, row);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.reason === "not_found") {
      await end(deps, job, row, "failed", failureText(err));
      return;
    }
    if (job.created_at.getTime() + REINSTALL_DEADLINE_MS < Date.now() && !row.sent_at) {
      await end(deps, job, row, "failed", `gave up: ${failureText(err)}`);
      return;
    }
    await reschedule(sql, job, backoffMs(job.attempts), { lastError: failureText(err) });
  }
}

async function send(deps: ReinstallDeps, job: ProviderJobRow, row: ReinstallRow) {
  const { sql, provider } = deps;
  const vmId = row.reseller_id!;
  const before = await provider.status(vmId);
  // Durably, before the reinstall leaves: whoever runs this job next knows one may be running.
  const [recorded] = await sql`
    update provider_jobs set sent_at = now(), state_before = ${before.state},
      uptime_before = ${before.uptimeSeconds === null ? null : Math.floor(before.uptimeSeconds)},
      updated_at = now()
    where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
    returning 1`;
  if (!recorded) return;
  let started: { jobId: string };
  try {
    started = await provider.reinstall(vmId, row.template!);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (!err.uncertain) {
      await end(deps, job, row, "failed", `the provider refused: ${err.message}`);
      return;
    }
    log("warn", "provider reinstall answer lost", { job_id: job.id, reason: err.reason });
    await reschedule(sql, job, deps.settings.pollMs, {
      lastError: `reinstall not answered (${failureText(err)}): reading the server back`,
    });
    return;
  }
  await sql`
    update provider_jobs set provider_job_id = ${started.jobId}, sent_at = null,
      provider_status = 'queued', updated_at = now()
    where id = ${job.id} and lease_token = ${job.lease_token}`;
  await reschedule(sql, job, deps.settings.pollMs, { lastError: null, resetAttempts: true });
}

async function followJob(deps: ReinstallDeps, job: ProviderJobRow, row: ReinstallRow) {
  const { sql, provider } = deps;
  const state = await provider.job(job.provider_job_id!);
  if (state.state === "failed") {
    await end(deps, job, row, "failed", `the provider's job ended "${state.status}"`);
    return;
  }
  if (state.state === "pending") {
    await sql`
      update provider_jobs set progress = ${state.progress}, provider_status = ${state.status},
        attempts = 0, updated_at = now()
      where id = ${job.id} and lease_token = ${job.lease_token}`;
    if (job.created_at.getTime() + REINSTALL_DEADLINE_MS < Date.now()) {
      await end(deps, job, row, "failed", `still "${state.status}" at the deadline`);
      return;
    }
    await reschedule(sql, job, deps.settings.pollMs);
    return;
  }
  await end(deps, job, row, "done", null, state.server?.rootPassword ?? null, state.status);
}

async function findLostReinstall(deps: ReinstallDeps, job: ProviderJobRow, row: ReinstallRow) {
  const { sql, provider, settings } = deps;
  const vmId = row.reseller_id!;
  const now = await provider.status(vmId);
  const elapsed = (Date.now() - row.sent_at!.getTime()) / 1000;
  const uptimeBefore = row.uptime_before === null ? null : Number(row.uptime_before);
  const restartedSince =
    now.state === "running" &&
    (row.state_before !== "running" ||
      (now.uptimeSeconds !== null &&
        uptimeBefore !== null &&
        now.uptimeSeconds + UPTIME_SLACK_SECONDS < uptimeBefore + elapsed));
  if (restartedSince) {
    // The lost answer's job had the password: set one the customer is shown instead.
    let password: string | null = null;
    try {
      password = (await provider.resetPassword(vmId, null)).password;
    } catch (err) {
      log("warn", "reinstalled server: password reset failed", {
        vm_id: vmId,
        error: failureText(err),
      });
    }
    await end(deps, job, row, "done", null, password, "finished (read back)");
    return;
  }
  if (elapsed < settings.createSettleSeconds) {
    await sql`update provider_jobs set provider_status = 'unconfirmed', attempts = 0 where id = ${job.id} and lease_token = ${job.lease_token}`;
    await reschedule(sql, job, settings.pollMs);
    return;
  }
  // Long enough without a restart: the lost reinstall never started. Send it again.
  await sql`
    update provider_jobs set sent_at = null, state_before = null, uptime_before = null,
      last_error = 'the lost reinstall did not run: sending it again', updated_at = now()
    where id = ${job.id} and lease_token = ${job.lease_token}`;
  await reschedule(sql, job, 0);
}

/**
 * Ends the job; a finished one hands the new root password to the service (sealed, shown once
 * like a new server's) in the same transaction, with the audit row.
 */
async function end(
  deps: ReinstallDeps,
  job: ProviderJobRow,
  row: ReinstallRow | undefined,
  outcome: "done" | "failed",
  reason: string | null,
  rootPassword: string | null = null,
  providerStatus: string | null = null,
): Promise<void> {
  const sealed =
    rootPassword && job.service_id ? await deps.secretBox.seal(rootPassword, job.service_id) : null;
  if (outcome === "failed") log("warn", "reinstall failed", { job_id: job.id, reason });
  await deps.sql.begin(async (tx) => {
    const [own] = await tx`
      update provider_jobs set state = ${outcome}, finished_at = now(), updated_at = now(),
        lease_until = null, sent_at = null,
        progress = ${outcome === "done" ? 1 : tx`progress`},
        provider_status = coalesce(${providerStatus}, provider_status),
        last_error = ${reason}
      where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
      returning 1`;
    if (!own || !job.service_id) return;
    if (sealed) {
      await tx`update services set root_password_sealed = ${sealed} where id = ${job.service_id}`;
    }
    await recordAudit(tx, {
      actorId: null,
      action: outcome === "done" ? "service.reinstall.finished" : "service.reinstall.failed",
      entity: "service",
      entityId: job.service_id,
      after: {
        template: row?.template ?? null,
        requested_by: row?.requested_by ?? null,
        ...(reason ? { reason } : {}),
      },
    });
  });
}
