import { inSpanOf } from "../metrics/tracing.ts";
import { runChange } from "../plan-changes/change-job.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { SecretBox, ServerProvider } from "../platform/ports.ts";
import { runReinstall } from "../server-actions/reinstall.ts";
import { checkDrift, type DriftSettings } from "./drift.ts";
import { runDelete, runPower } from "./power.ts";
import { inTurn, type ProvisionSettings, runProvision } from "./provision.ts";
import { claimDueJobs, type ProviderJobRow } from "./queue.ts";

export interface ProviderRunnerDeps {
  sql: Sql;
  provider: ServerProvider;
  secretBox: SecretBox;
  provision: ProvisionSettings;
  drift: DriftSettings;
  terminateAfterDays: number;
  /** How long the runner sleeps while no job is due. */
  intervalMs: number;
  /** Jobs worked on at once by this process. */
  concurrency: number;
  /** How long a claimed job is this process's before another may take it over. */
  leaseSeconds: number;
}

export interface ProviderRunner {
  /** Stops claiming and waits for the steps in flight. */
  stop(): Promise<void>;
}

/**
 * Works the provider job queue in this process: claims due jobs (any replica may run one; see
 * queue.ts), runs one step of each, and compares the provider's servers with the services every
 * DRIFT_INTERVAL_SECONDS (one replica per interval).
 */
export function startProviderRunner(deps: ProviderRunnerDeps): ProviderRunner {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const provisionDeps = {
    sql: deps.sql,
    provider: deps.provider,
    secretBox: deps.secretBox,
    settings: deps.provision,
    createInTurn: inTurn(),
  };
  const reinstallDeps = {
    sql: deps.sql,
    provider: deps.provider,
    secretBox: deps.secretBox,
    settings: deps.provision,
  };
  const run = async (job: ProviderJobRow) => {
    if (job.kind === "provision") await runProvision(provisionDeps, job);
    else if (job.kind === "power") await runPower(deps, job);
    else if (job.kind === "reinstall") await runReinstall(reinstallDeps, job);
    else if (job.kind === "change") await runChange(deps, job);
    else await runDelete(deps, job);
  };
  const step = async (job: ProviderJobRow) => {
    try {
      // A span per step, in the trace of the request that queued the job (its provider calls
      // and SQL hang from it).
      await inSpanOf(
        job.traceparent,
        `provider job ${job.kind}`,
        {
          "portal.job_id": job.id,
          "portal.job_kind": job.kind,
          "portal.job_attempt": job.attempts,
        },
        () => run(job),
      );
    } catch (err) {
      // A database error mid-step: the lease runs out and the job is taken up again.
      log("error", "provider job step failed", {
        job_id: job.id,
        kind: job.kind,
        error: (err as Error).message,
      });
    }
  };
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  let lastDrift = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastDrift >= deps.drift.intervalSeconds * 1000) {
          lastDrift = Date.now();
          await checkDrift(deps.sql, deps.provider, deps.drift);
        }
        const free = deps.concurrency - inFlight.size;
        const jobs = free > 0 ? await claimDueJobs(deps.sql, free, deps.leaseSeconds) : [];
        for (const job of jobs) {
          const running: Promise<void> = step(job).finally(() => {
            inFlight.delete(running);
            wake?.();
          });
          inFlight.add(running);
        }
        if (jobs.length === 0 || inFlight.size >= deps.concurrency) await sleep(deps.intervalMs);
      } catch (err) {
        log("error", "provider jobs failed", { error: (err as Error).message });
        await sleep(deps.intervalMs);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.all(inFlight);
    },
  };
}
