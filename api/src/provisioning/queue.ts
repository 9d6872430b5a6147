import type { Db, Sql } from "../platform/db.ts";

/**
 * The durable queue of provider work (table provider_jobs). Any replica claims due jobs with
 * FOR UPDATE SKIP LOCKED and holds each under a lease: a replica that dies mid-job leaves a lease
 * that runs out, and the job is taken over. Every write of a claimed job names its lease token, so
 * a runner whose lease was taken over cannot overwrite the new holder's progress.
 */
export interface ProviderJobRow {
  id: string;
  kind: "provision" | "power" | "delete" | "reinstall" | "change";
  service_id: string | null;
  order_id: string | null;
  vm_id: number | null;
  provider_job_id: string | null;
  create_sent_at: Date | null;
  servers_before: number[] | null;
  attempts: number;
  deadline: Date | null;
  created_at: Date;
  lease_token: string;
  /** The W3C trace context of the transaction that queued the job (null unless traced). */
  traceparent: string | null;
}

/**
 * `leaseSeconds` (PROVIDER_JOB_LEASE_SECONDS) must be longer than any one step: a few provider
 * calls, each bounded by SERVER_PROVIDER_TIMEOUT_MS.
 */
export async function claimDueJobs(
  sql: Sql,
  limit: number,
  leaseSeconds: number,
): Promise<ProviderJobRow[]> {
  return await sql<ProviderJobRow[]>`
    update provider_jobs j
    set lease_until = now() + make_interval(secs => ${leaseSeconds}), lease_token = gen_random_uuid(),
      attempts = j.attempts + 1, updated_at = now()
    from (
      select id from provider_jobs
      where state = 'pending' and run_after <= now() and (lease_until is null or lease_until < now())
      -- Work already at the provider first (a made server waiting to be handed over, a power
      -- action to check), then new creates: a burst of purchases does not hold back the servers
      -- that are ready.
      order by (provider_job_id is null and vm_id is null), run_after
      limit ${limit}
      for update skip locked
    ) due
    where j.id = due.id
    returning j.id, j.kind, j.service_id, j.order_id, j.vm_id, j.provider_job_id, j.create_sent_at,
      j.servers_before, j.attempts, j.deadline, j.created_at, j.lease_token, j.traceparent`;
}

/**
 * Backoff of a step that failed or has to wait: `delayMs`, or doubling from one second with the
 * attempts up to five minutes. The attempts count how often the job was claimed.
 */
export function backoffMs(attempts: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

/** Puts the job back for later, keeping the lease's fencing. False when the lease was lost. */
export async function reschedule(
  db: Db,
  job: ProviderJobRow,
  delayMs: number,
  fields: { lastError?: string | null; resetAttempts?: boolean } = {},
): Promise<boolean> {
  const rows = await db`
    update provider_jobs set run_after = now() + make_interval(secs => ${delayMs / 1000}),
      lease_until = null, updated_at = now(),
      last_error = ${fields.lastError === undefined ? db`last_error` : fields.lastError},
      attempts = ${fields.resetAttempts ? 0 : db`attempts`}
    where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
    returning 1`;
  return rows.length === 1;
}

/** Ends the job (done or failed for good), fenced by its lease. False when the lease was lost. */
export async function finish(
  db: Db,
  job: ProviderJobRow,
  state: "done" | "failed",
  lastError: string | null = null,
): Promise<boolean> {
  const rows = await db`
    update provider_jobs set state = ${state}, lease_until = null, finished_at = now(), updated_at = now(),
      last_error = coalesce(${lastError}, last_error)
    where id = ${job.id} and lease_token = ${job.lease_token} and state = 'pending'
    returning 1`;
  return rows.length === 1;
}
