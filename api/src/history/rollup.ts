import type { Sql } from "../platform/db.ts";

export interface RetentionSettings {
  /** Days minute samples are kept (HISTORY_MINUTE_RETENTION_DAYS). */
  minuteDays: number;
  /** Days hourly averages are kept (HISTORY_HOURLY_RETENTION_DAYS). */
  hourlyDays: number;
}

export interface RollupRun {
  /** Hourly rows written; null when another replica holds the rollup. */
  hours: number | null;
  prunedMinutes: number;
  prunedHours: number;
}

/**
 * Averages the finished hours' minute samples into service_samples_hourly, then deletes samples
 * past their retention. One replica at a time: the rollup's row is locked with SKIP LOCKED, and
 * `rolled_until` moves in the same transaction as the hours it covers, so an hour is never rolled
 * up twice nor skipped. Cheap when there is nothing to do (once an hour there is).
 */
export async function rollupHistory(sql: Sql, settings: RetentionSettings): Promise<RollupRun> {
  return await sql.begin(async (tx) => {
    const [state] = await tx<{ rolled_until: Date; target: Date }[]>`
      -- Samples of an hour may still arrive a little after it ends (a slow provider, a sampler
      -- that claimed at :59): an hour is rolled up only five minutes after its end.
      select rolled_until, date_trunc('hour', now() - interval '5 minutes') as target
      from service_history_rollup for update skip locked`;
    if (!state) return { hours: null, prunedMinutes: 0, prunedHours: 0 };
    let hours = 0;
    if (state.rolled_until < state.target) {
      const rows = await tx`
        insert into service_samples_hourly
          (service_id, at, cpu, cpu_max, mem_used, mem_total, net_in, net_out, samples)
        select service_id, date_trunc('hour', at), avg(cpu), max(cpu), avg(mem_used)::bigint,
          max(mem_total), avg(net_in), avg(net_out), count(*)
        from service_samples
        where at >= ${state.rolled_until} and at < ${state.target}
        group by 1, 2
        on conflict do nothing`;
      hours = rows.count;
      await tx`update service_history_rollup set rolled_until = ${state.target}`;
    }
    // Only samples already rolled up go, whatever the retention says: a rollup that fell behind
    // (every replica down for a while) still finds its minutes.
    const minutes = await tx`
      delete from service_samples
      where at < least(now() - make_interval(days => ${settings.minuteDays}), ${state.target})`;
    const hourly = await tx`
      delete from service_samples_hourly
      where at < now() - make_interval(days => ${settings.hourlyDays})`;
    return { hours, prunedMinutes: minutes.count, prunedHours: hourly.count };
  });
}
