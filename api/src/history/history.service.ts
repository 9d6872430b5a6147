import { ErrorCode } from "../../contracts/errors.ts";
import type { HistoryRange, ServiceHistory } from "../../contracts/history.ts";
import { serviceMessages } from "../../contracts/services.ts";
import type { Db } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { getOwnService } from "../services/services.service.ts";

/** What each range shows: how far back, and one point per how many seconds. */
export const RANGES: Record<HistoryRange, { seconds: number; step: number }> = {
  hour: { seconds: 3_600, step: 60 },
  day: { seconds: 86_400, step: 300 },
  week: { seconds: 7 * 86_400, step: 3_600 },
};

interface Point {
  t: number;
  cpu: number | null;
  mem_used: string | null;
  mem_total: string | null;
  net_in: number | null;
  net_out: number | null;
}

/**
 * The caller's active VPS, refused as the control actions are: someone else's (or an unknown)
 * id 404, a suspended or inactive one 403, a dedicated server 403 with SPEC's text.
 */
async function ownActiveVps(sql: Db, userId: string, id: string) {
  const service = await getOwnService(sql, userId, id);
  if (service.service_type !== "vps") {
    throw new HttpError(403, ErrorCode.serviceNotControllable, serviceMessages.notAvailable);
  }
  if (service.service_status !== "active") {
    throw new HttpError(403, ErrorCode.serviceSuspended, serviceMessages.notActive);
  }
  return service;
}

/**
 * The hour and day read minute samples (the day averaged into five minutes); the week reads the
 * hourly averages, plus the hours not rolled up yet averaged from the minutes, so the last hour of
 * a week graph is never missing. The week's CPU is each hour's average.
 */
async function points(sql: Db, serviceId: string, range: HistoryRange): Promise<Point[]> {
  const { seconds, step } = RANGES[range];
  if (range === "hour") {
    return await sql<Point[]>`
      select extract(epoch from at)::int as t, cpu, mem_used, mem_total, net_in, net_out
      from service_samples
      where service_id = ${serviceId} and at > now() - make_interval(secs => ${seconds})
      order by at`;
  }
  if (range === "day") {
    return await sql<Point[]>`
      select extract(epoch from date_bin(make_interval(secs => ${step}), at, 'epoch'))::int as t,
        avg(cpu)::real as cpu, avg(mem_used)::bigint as mem_used, max(mem_total) as mem_total,
        avg(net_in)::real as net_in, avg(net_out)::real as net_out
      from service_samples
      where service_id = ${serviceId} and at > now() - make_interval(secs => ${seconds})
      group by 1 order by 1`;
  }
  return await sql<Point[]>`
    with r as (select rolled_until from service_history_rollup)
    select extract(epoch from at)::int as t, cpu, mem_used, mem_total, net_in, net_out
    from service_samples_hourly
    where service_id = ${serviceId} and at > now() - make_interval(secs => ${seconds})
      and at < (select rolled_until from r)
    union all
    select extract(epoch from date_trunc('hour', at))::int, avg(cpu)::real, avg(mem_used)::bigint,
      max(mem_total), avg(net_in)::real, avg(net_out)::real
    from service_samples
    where service_id = ${serviceId} and at >= (select rolled_until from r)
    group by 1
    order by 1`;
}

const numOrNull = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * Points as columns, with a null point wherever samples are missing for longer than a step and a
 * half, so a chart draws a gap (a server that was down, a sampler that was) rather than a line.
 */
export function toColumns(rows: Point[], step: number) {
  const out = {
    t: [] as number[],
    cpu_percent: [] as (number | null)[],
    memory_used_bytes: [] as (number | null)[],
    memory_total_bytes: [] as (number | null)[],
    net_in_bps: [] as (number | null)[],
    net_out_bps: [] as (number | null)[],
  };
  const push = (t: number, p: Point | null) => {
    out.t.push(t);
    out.cpu_percent.push(p?.cpu == null ? null : Math.round(p.cpu * 1000) / 10);
    out.memory_used_bytes.push(p ? numOrNull(p.mem_used) : null);
    out.memory_total_bytes.push(p ? numOrNull(p.mem_total) : null);
    out.net_in_bps.push(p?.net_in == null ? null : Math.round(p.net_in));
    out.net_out_bps.push(p?.net_out == null ? null : Math.round(p.net_out));
  };
  let prev: number | null = null;
  for (const p of rows) {
    if (prev !== null && p.t - prev > step * 1.5) push(prev + step, null);
    push(p.t, p);
    prev = p.t;
  }
  return out;
}

/** getServiceHistory. */
export async function serviceHistory(
  sql: Db,
  userId: string,
  id: string,
  range: HistoryRange,
  now = new Date(),
): Promise<ServiceHistory> {
  const service = await ownActiveVps(sql, userId, id);
  const [rows, [meter]] = await Promise.all([
    points(sql, service.id, range),
    sql<{ month: string | null; month_in: string; month_out: string; last_at: Date | null }[]>`
      select month::text as month, month_in, month_out, last_at from service_meters
      where service_id = ${service.id}`,
  ]);
  const month = `${now.toISOString().slice(0, 7)}-01`;
  const current = meter?.month === month;
  return {
    range,
    step_seconds: RANGES[range].step,
    from: new Date(now.getTime() - RANGES[range].seconds * 1000).toISOString(),
    to: now.toISOString(),
    ...toColumns(rows, RANGES[range].step),
    traffic: {
      month: month.slice(0, 7),
      in_bytes: current ? Number(meter.month_in) : 0,
      out_bytes: current ? Number(meter.month_out) : 0,
      updated_at: current && meter.last_at ? meter.last_at.toISOString() : null,
    },
  };
}
