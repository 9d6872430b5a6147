// The history graphs' cost at scale (`npm run bench -- --only history` runs it on a portal's
// database): SERVERS simulated servers at the provider simulator, two samplers (as two replicas)
// sampling them for MINUTES real minutes,
// then the week graph's query on a full week of hourly rows. Prints one JSON line.
import postgres from "postgres";
import { startProviderSim } from "../api/sim/provider.ts";
import { serviceHistory } from "../api/src/history/history.service.ts";
import { rollupHistory } from "../api/src/history/rollup.ts";
import { sampleDue } from "../api/src/history/sampler.ts";
import { createHosterApi } from "../api/src/provider/hosterapi.ts";

const databaseUrl = Deno.args[0]!;
const SERVERS = Number(Deno.args[1] ?? 10_000);
const MINUTES = 3;
const QUERIES = 200;
const CONCURRENCY = 32; // HISTORY_SAMPLE_CONCURRENCY's default

const sim = await startProviderSim({ jobSeconds: 0 });
const sqlA = postgres(databaseUrl, { max: 10, onnotice: () => {} });
const sqlB = postgres(databaseUrl, { max: 10, onnotice: () => {} });
const providerA = createHosterApi({ url: sim.url, token: sim.token, timeoutMs: 10_000 });
const providerB = createHosterApi({ url: sim.url, token: sim.token, timeoutMs: 10_000 });

const [owner] = await sqlA<{ id: string }[]>`
  insert into profiles (username, email) values ('historybench', 'history-bench@example.com')
  returning id`;
const vmIds: number[] = [];
for (let i = 0; i < SERVERS; i++) {
  vmIds.push(
    sim.controls.addServer({
      template: "Debian12",
      cpuCores: 2,
      memoryMb: 4096,
      diskGb: 80,
      ipv4Count: 1,
    }).vmId,
  );
}
await sqlA`
  insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
  select ${owner!.id}, 'vps', 'active', '203.0.113.1', '4', '2', '80', vm
  from unnest(${vmIds}::int[]) vm`;
const statusCalls = () =>
  Object.entries(sim.controls.snapshot().calls)
    .filter(([k]) => /^GET \/datacenter\/server\/\d+\/status$/.test(k))
    .reduce((n, [, c]) => n + c, 0);

// Real minutes, as deployed: each pass starts just after a minute begins, when every server has
// fallen due (a pass made due at an arbitrary moment could straddle a minute and rightly read a
// server in both).
const minutes: { calls: number; seconds: number; rows: number }[] = [];
for (let m = 0; m < MINUTES; m++) {
  await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 500));
  const before = statusCalls();
  const [{ n: rowsBefore }] = await sqlA<
    { n: number }[]
  >`select count(*)::int as n from service_samples`;
  const started = performance.now();
  await Promise.all([
    sampleDue(sqlA, providerA, { concurrency: CONCURRENCY }),
    sampleDue(sqlB, providerB, { concurrency: CONCURRENCY }),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const [{ n: rowsAfter }] = await sqlA<
    { n: number }[]
  >`select count(*)::int as n from service_samples`;
  minutes.push({ calls: statusCalls() - before, seconds, rows: rowsAfter - rowsBefore });
}
const [size] = await sqlA<{ bytes: number; rows: number }[]>`
  select pg_total_relation_size('service_samples')::bigint::float8 as bytes,
    (select count(*) from service_samples)::int as rows`;
const bytesPerRow = size!.bytes / size!.rows;

// A full week for every server: 168 hourly rows each, and the hour not rolled up yet in minutes.
await sqlA`delete from service_samples`;
await sqlA`
  insert into service_samples_hourly (service_id, at, cpu, cpu_max, mem_used, mem_total, net_in, net_out, samples)
  select s.id, date_trunc('hour', now()) - make_interval(hours => h), 0.3, 0.6, 1073741824, 4294967296, 50000, 9000, 60
  from services s cross join generate_series(1, 168) h
  where s.user_id = ${owner!.id}`;
await sqlA`
  insert into service_samples (service_id, at, cpu, mem_used, mem_total, net_in, net_out)
  select s.id, date_trunc('minute', now()) - make_interval(mins => m), 0.3, 1073741824, 4294967296, 50000, 9000
  from services s cross join generate_series(0, 59) m
  where s.user_id = ${owner!.id}`;
await sqlA`update service_history_rollup set rolled_until = date_trunc('hour', now())`;
await sqlA`analyze service_samples`;
await sqlA`analyze service_samples_hourly`;
const [hourlySize] = await sqlA<{ bytes: number; rows: number }[]>`
  select pg_total_relation_size('service_samples_hourly')::bigint::float8 as bytes,
    (select count(*) from service_samples_hourly)::int as rows`;
const ids = await sqlA<{ id: string }[]>`
  select id from services where user_id = ${owner!.id} order by random() limit ${QUERIES}`;
const time = async (range: "hour" | "week") => {
  const ms: number[] = [];
  let points = 0;
  for (const { id } of ids) {
    const t = performance.now();
    const h = await serviceHistory(sqlA, owner!.id, id, range);
    ms.push(performance.now() - t);
    points = h.t.length;
  }
  ms.sort((a, b) => a - b);
  return {
    p50_ms: Math.round(ms[Math.floor(ms.length / 2)]! * 100) / 100,
    p99_ms: Math.round(ms[Math.floor(ms.length * 0.99)]! * 100) / 100,
    points,
  };
};
const week = await time("week");
const hour = await time("hour");
// The last hour's minutes as the hour before, not rolled up yet: what the rollup does once an hour.
await sqlA`update service_history_rollup set rolled_until = date_trunc('hour', now()) - interval '2 hours'`;
await sqlA`delete from service_samples_hourly where at >= date_trunc('hour', now()) - interval '2 hours'`;
await sqlA`update service_samples set at = at - interval '1 hour'`;
const rollupStart = performance.now();
const rollup = await rollupHistory(sqlA, { minuteDays: 2, hourlyDays: 90 });
const rollupSeconds = (performance.now() - rollupStart) / 1000;

const minuteRowsPerDay = Math.round((minutes.at(-1)!.rows || 0) * 1440);
console.log(
  JSON.stringify({
    servers: SERVERS,
    sampler_concurrency_each: CONCURRENCY,
    samplers: 2,
    minutes,
    provider_calls_per_minute: minutes.at(-1)!.calls,
    sampling_seconds_per_minute: Math.round(minutes.at(-1)!.seconds * 10) / 10,
    minute_rows_per_day: minuteRowsPerDay,
    hourly_rows_per_day: SERVERS * 24,
    minute_bytes_per_row: Math.round(bytesPerRow),
    minute_mb_per_day: Math.round((minuteRowsPerDay * bytesPerRow) / 1e6),
    hourly_bytes_per_row: Math.round(hourlySize!.bytes / hourlySize!.rows),
    week_query: week,
    hour_query: hour,
    rollup_one_hour: { rows: rollup.hours, seconds: Math.round(rollupSeconds * 10) / 10 },
  }),
);
await sqlA.end();
await sqlB.end();
await sim.close();
