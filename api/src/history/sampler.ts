import type { Deps } from "../platform/context.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { ServerProvider, ServerStatus } from "../platform/ports.ts";
import { ProviderError } from "../provider/provider-error.ts";
import { advanceMeter, type MeterState } from "./meter.ts";
import { type RetentionSettings, rollupHistory } from "./rollup.ts";

export interface SamplerSettings {
  /** Provider readings one process has in flight at once (HISTORY_SAMPLE_CONCURRENCY). */
  concurrency: number;
  /** Servers claimed per round trip to the database. */
  batch?: number;
}

interface Claimed {
  service_id: string;
  vm_id: number;
  minute: Date;
  last_at: Date | null;
  last_in: string | null;
  last_out: string | null;
  last_uptime: string | null;
  month: string | null;
  month_in: string;
  month_out: string;
}

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * Makes a meter row for every active VPS that has none yet. Rows of services that stopped being
 * active stay (their month's sums are kept; the claim skips them) until the service is deleted.
 */
async function addMeters(sql: Sql) {
  await sql`
    insert into service_meters (service_id)
    select s.id from services s
    where s.service_type = 'vps' and s.service_status = 'active' and s.reseller_id is not null
      and not exists (select 1 from service_meters m where m.service_id = s.id)
    on conflict do nothing`;
}

/**
 * Claims up to `limit` servers due this minute: their due time moves to the next minute in the
 * same statement, under FOR UPDATE SKIP LOCKED, so a server is read once per minute however many
 * samplers (replicas, processes) run. A sampler that dies after claiming loses that minute's
 * sample (a gap), never doubles a call.
 */
async function claim(sql: Sql, limit: number): Promise<Claimed[]> {
  return await sql<Claimed[]>`
    update service_meters m set due_at = date_trunc('minute', now()) + interval '1 minute'
    from (
      select m2.service_id, s.reseller_id
      from service_meters m2 join services s on s.id = m2.service_id
      where m2.due_at <= now() and s.service_type = 'vps' and s.service_status = 'active'
        and s.reseller_id is not null
      order by m2.due_at
      limit ${limit}
      for update of m2 skip locked
    ) d
    where m.service_id = d.service_id
    returning m.service_id, d.reseller_id as vm_id, date_trunc('minute', now()) as minute,
      m.last_at, m.last_in, m.last_out, m.last_uptime, m.month::text as month, m.month_in, m.month_out`;
}

/** Runs `fn` over `items` with at most `limit` at once; each item's failure is its own. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface SampleRun {
  sampled: number;
  failed: number;
}

/**
 * One pass: reads every server due this minute at the provider (bounded concurrency) and writes
 * its sample and counters. A server whose reading fails is counted and skipped; the others go on.
 */
export async function sampleDue(
  sql: Sql,
  provider: ServerProvider,
  settings: SamplerSettings,
): Promise<SampleRun> {
  await addMeters(sql);
  const run: SampleRun = { sampled: 0, failed: 0 };
  const batch = settings.batch ?? 500;
  for (;;) {
    const claimed = await claim(sql, batch);
    if (claimed.length === 0) return run;
    const samples: Record<string, string | number | null>[] = [];
    const meters: Record<string, string | number | null>[] = [];
    const failures: { service_id: string; error: string }[] = [];
    await eachLimited(claimed, settings.concurrency, async (row) => {
      let status: ServerStatus;
      try {
        status = await provider.status(row.vm_id);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        failures.push({
          service_id: row.service_id,
          error: `${err.reason}: ${err.message}`.slice(0, 500),
        });
        return;
      }
      const at = new Date();
      const prev: MeterState = {
        lastAt: row.last_at,
        lastIn: num(row.last_in),
        lastOut: num(row.last_out),
        lastUptime: num(row.last_uptime),
        month: row.month,
        monthIn: Number(row.month_in),
        monthOut: Number(row.month_out),
      };
      const { inRate, outRate, next } = advanceMeter(prev, status, at);
      samples.push({
        service_id: row.service_id,
        at: row.minute.toISOString(),
        cpu: status.cpu,
        mem_used: status.memoryUsedBytes,
        mem_total: status.memoryTotalBytes,
        net_in: inRate,
        net_out: outRate,
      });
      meters.push({
        service_id: row.service_id,
        last_at: at.toISOString(),
        last_in: next.lastIn,
        last_out: next.lastOut,
        last_uptime: next.lastUptime,
        month: next.month,
        month_in: next.monthIn,
        month_out: next.monthOut,
      });
    });
    // One statement per batch each, the rows as one JSON parameter.
    if (samples.length) {
      await sql`
        insert into service_samples (service_id, at, cpu, mem_used, mem_total, net_in, net_out)
        select service_id, at, cpu, mem_used, mem_total, net_in, net_out
        from jsonb_to_recordset(${sql.json(samples)}) v (service_id uuid, at timestamptz,
          cpu real, mem_used bigint, mem_total bigint, net_in real, net_out real)
        on conflict do nothing`;
      await sql`
        update service_meters m set last_at = v.last_at, last_in = v.last_in, last_out = v.last_out,
          last_uptime = v.last_uptime, month = v.month, month_in = v.month_in,
          month_out = v.month_out, failures = 0, last_error = null
        from jsonb_to_recordset(${sql.json(meters)}) v (service_id uuid, last_at timestamptz,
          last_in bigint, last_out bigint, last_uptime bigint, month date, month_in bigint,
          month_out bigint)
        where m.service_id = v.service_id`;
    }
    if (failures.length) {
      await sql`
        update service_meters m set failures = m.failures + 1, last_error = v.error
        from jsonb_to_recordset(${sql.json(failures)}) v (service_id uuid, error text)
        where m.service_id = v.service_id`;
      log("warn", "history sampling failed", {
        servers: failures.length,
        first: failures[0]!.error,
      });
    }
    run.sampled += samples.length;
    run.failed += failures.length;
    if (claimed.length < batch) return run;
  }
}

export interface HistorySampler {
  stop(): Promise<void>;
}

/**
 * Samples in this process every `intervalMs` (15 s: a server falls due at the start of each
 * minute, so its reading lands early in the minute), then rolls up and prunes (rollup.ts). Runs in
 * every process with JOBS_ENABLED; the claim keeps them from reading a server twice.
 */
export function startHistorySampler(deps: {
  sql: Sql;
  provider: ServerProvider;
  sampler: SamplerSettings;
  retention: RetentionSettings;
  intervalMs?: number;
}): HistorySampler {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const r = await sampleDue(deps.sql, deps.provider, deps.sampler);
        if (r.failed) log("warn", "history sampled", { ...r });
        await rollupHistory(deps.sql, deps.retention);
      } catch (err) {
        log("error", "history sampling failed", { error: (err as Error).message });
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, deps.intervalMs ?? 15_000);
  const first = setTimeout(tick, 2_000);
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

/** The sampler as server.ts starts it, from the configuration. */
export const startHistorySamplerOf = (deps: Pick<Deps, "sql" | "provider" | "config">) =>
  startHistorySampler({
    sql: deps.sql,
    provider: deps.provider,
    sampler: { concurrency: deps.config.HISTORY_SAMPLE_CONCURRENCY },
    retention: {
      minuteDays: deps.config.HISTORY_MINUTE_RETENTION_DAYS,
      hourlyDays: deps.config.HISTORY_HOURLY_RETENTION_DAYS,
    },
  });
