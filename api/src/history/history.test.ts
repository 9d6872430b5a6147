import assert from "node:assert/strict";
import type { ServiceHistory } from "../../contracts/history.ts";
import type { ServerStatus } from "../platform/ports.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { advanceMeter, type MeterState } from "./meter.ts";
import { rollupHistory } from "./rollup.ts";
import { sampleDue } from "./sampler.ts";

const api: TestApi = await startTestApi({ SERVER_PROVIDER_TIMEOUT_MS: "400" });
globalThis.addEventListener("unload", () => void api.close());
const sim = api.providerSim!;
const retention = { minuteDays: 2, hourlyDays: 90 };

let nextDedicated = 90_000;
async function createService(
  userId: string,
  type: "vps" | "dedicated" = "vps",
): Promise<{ id: string; vm: number }> {
  const vm =
    type === "vps"
      ? sim.controls.addServer({
          template: "Debian12",
          cpuCores: 2,
          memoryMb: 2048,
          diskGb: 40,
          ipv4Count: 1,
        }).vmId
      : nextDedicated++;
  const [row] = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    values (${userId}, ${type}, 'active', '203.0.113.20', '2', '2', '40', ${vm})
    returning id`;
  return { id: row!.id, vm };
}
const statusCalls = (vm: number) => sim.controls.calls("GET", `/datacenter/server/${vm}/status`);
/** The next minute, without waiting for it: every server falls due again. */
const nextMinute = () => api.sql`update service_meters set due_at = now()`;
const meterOf = async (serviceId: string) => {
  const [m] = await api.sql<
    { month_in: string; month_out: string; last_in: string | null; failures: number }[]
  >`select month_in, month_out, last_in, failures from service_meters where service_id = ${serviceId}`;
  return m!;
};
const settings = { concurrency: 4, batch: 3 };

test("two samplers at once read each server once a minute, whatever their number", async () => {
  const a = await signUpAndIn(api);
  const services = await Promise.all(Array.from({ length: 7 }, () => createService(a.user.id)));
  // Two replicas' samplers, each on its own connections, in small batches so they interleave.
  const runs = await Promise.all([
    sampleDue(api.deps.sql, api.deps.provider, settings),
    sampleDue(api.deps.sql, api.deps.provider, settings),
  ]);
  for (const s of services) assert.equal(statusCalls(s.vm), 1, `server ${s.vm}`);
  assert.ok(runs[0]!.sampled + runs[1]!.sampled >= services.length);
  // Later in the same minute: nothing is due.
  await sampleDue(api.deps.sql, api.deps.provider, settings);
  for (const s of services) assert.equal(statusCalls(s.vm), 1, `server ${s.vm} again`);
  await nextMinute();
  await Promise.all([
    sampleDue(api.deps.sql, api.deps.provider, settings),
    sampleDue(api.deps.sql, api.deps.provider, settings),
  ]);
  for (const s of services) assert.equal(statusCalls(s.vm), 2, `server ${s.vm} next minute`);
  const [{ n }] = (await api.sql`
    select count(*)::int as n from service_samples where service_id in ${api.sql(services.map((s) => s.id))}`) as unknown as [
    { n: number },
  ];
  assert.ok(n >= services.length, "a sample per server");
});

test("a server the provider fails to read does not stop the others", async () => {
  await nextMinute();
  const a = await signUpAndIn(api);
  const [bad, ...good] = await Promise.all(
    Array.from({ length: 4 }, () => createService(a.user.id)),
  );
  sim.controls.status({ method: "GET", path: `/datacenter/server/${bad!.vm}/status` }, 503, 5);
  sim.controls.hang({ method: "GET", path: `/datacenter/server/${good[0]!.vm}/status` }, 1);
  const lateGood = good.slice(1);
  const run = await sampleDue(api.deps.sql, api.deps.provider, settings);
  sim.controls.clearFaults();
  assert.ok(run.failed >= 2, "the refused and the hung server count as failed");
  for (const s of lateGood) {
    const rows = await api.sql`select 1 from service_samples where service_id = ${s.id}`;
    assert.equal(rows.length, 1, "the others are sampled");
    assert.equal((await meterOf(s.id)).failures, 0);
  }
  assert.equal(
    (await api.sql`select 1 from service_samples where service_id = ${bad!.id}`).length,
    0,
  );
  assert.equal((await meterOf(bad!.id)).failures, 1);
  assert.equal((await meterOf(good[0]!.id)).failures, 1);
});

const status = (netIn: number, netOut: number, uptime: number): ServerStatus => ({
  state: "running",
  cpu: 0.1,
  memoryUsedBytes: 1,
  memoryTotalBytes: 2,
  netInBytes: netIn,
  netOutBytes: netOut,
  uptimeSeconds: uptime,
});

test("traffic counts the counters' deltas, across a reboot's reset and into a new month", () => {
  const empty: MeterState = {
    lastAt: null,
    lastIn: null,
    lastOut: null,
    lastUptime: null,
    month: null,
    monthIn: 0,
    monthOut: 0,
  };
  const t0 = new Date("2026-11-30T23:57:00Z");
  const first = advanceMeter(empty, status(5_000, 1_000, 500), t0);
  assert.equal(first.next.monthIn, 0, "what the counter held before sampling is not this month's");
  assert.equal(first.inRate, null);
  const second = advanceMeter(
    first.next,
    status(11_000, 1_600, 560),
    new Date(t0.getTime() + 60_000),
  );
  assert.deepEqual([second.next.monthIn, second.next.monthOut], [6_000, 600]);
  assert.equal(second.inRate, 100);
  // Rebooted: the counters started again from zero and are below the last reading.
  const third = advanceMeter(second.next, status(700, 200, 30), new Date(t0.getTime() + 120_000));
  assert.deepEqual([third.next.monthIn, third.next.monthOut], [6_700, 800]);
  // Rebooted and already past the last reading: the uptime tells.
  const fourth = advanceMeter(
    { ...third.next, lastIn: 500 },
    status(900, 300, 10),
    new Date(t0.getTime() + 150_000),
  );
  assert.equal(fourth.next.monthIn, 6_700 + 900);
  // December begins: the sums start again with what was sent since the last reading.
  const dec = advanceMeter(third.next, status(1_700, 400, 90), new Date("2026-12-01T00:00:30Z"));
  assert.equal(dec.next.month, "2026-12-01");
  assert.deepEqual([dec.next.monthIn, dec.next.monthOut], [1_000, 200]);
});

test("the simulator's counters restart on reboot and the month's traffic only grows", async () => {
  await nextMinute();
  const a = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  await sampleDue(api.deps.sql, api.deps.provider, settings);
  await new Promise((r) => setTimeout(r, 1_100));
  await nextMinute();
  await sampleDue(api.deps.sql, api.deps.provider, settings);
  const before = await meterOf(svc.id);
  assert.ok(Number(before.month_in) > 0, "a second reading counts traffic");
  await api.deps.provider.power(svc.vm, "reboot");
  await new Promise((r) => setTimeout(r, 1_100));
  await nextMinute();
  await sampleDue(api.deps.sql, api.deps.provider, settings);
  const after = await meterOf(svc.id);
  assert.ok(Number(after.last_in) < Number(before.last_in), "the provider's counter was reset");
  assert.equal(Number(after.month_in), Number(before.month_in) + Number(after.last_in));
});

test("finished hours are averaged once; samples past their retention are deleted", async () => {
  const a = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  await api.sql`update service_history_rollup set rolled_until = date_trunc('hour', now()) - interval '4 days'`;
  // Two samples in an hour two hours ago, one three days ago, an hourly row 100 days ago.
  await api.sql`
    insert into service_samples (service_id, at, cpu, mem_used, mem_total, net_in, net_out) values
      (${svc.id}, date_trunc('hour', now()) - interval '2 hours', 0.2, 100, 1000, 10, 1),
      (${svc.id}, date_trunc('hour', now()) - interval '2 hours' + interval '1 minute', 0.4, 300, 1000, 30, 3),
      (${svc.id}, date_trunc('hour', now()) - interval '3 days', 0.9, 100, 1000, 10, 1)`;
  await api.sql`
    insert into service_samples_hourly (service_id, at, cpu, cpu_max, mem_used, mem_total, net_in, net_out, samples)
    values (${svc.id}, now() - interval '100 days', 0.5, 0.5, 1, 2, 3, 4, 60)`;
  const first = await rollupHistory(api.deps.sql, retention);
  assert.ok(first.hours !== null && first.hours >= 2);
  const hourly = await api.sql<{ age: string; cpu: number; cpu_max: number; samples: number }[]>`
    select (date_trunc('hour', now()) - at)::text as age, cpu, cpu_max, samples
    from service_samples_hourly where service_id = ${svc.id} order by at`;
  assert.deepEqual(
    hourly.map((h) => [h.age, Math.round(h.cpu * 100), Math.round(h.cpu_max * 100), h.samples]),
    [
      ["3 days", 90, 90, 1],
      ["02:00:00", 30, 40, 2],
    ],
  );
  const minutes = await api.sql<{ age: string }[]>`
    select (date_trunc('hour', now()) - at)::text as age from service_samples
    where service_id = ${svc.id} order by at`;
  assert.deepEqual(
    minutes.map((m) => m.age),
    ["02:00:00", "01:59:00"],
    "the 3-day-old minute is gone, its hour kept",
  );
  const again = await rollupHistory(api.deps.sql, retention);
  assert.equal(again.hours, 0, "an hour is rolled up once");
  assert.equal(
    (await api.sql`select 1 from service_samples_hourly where service_id = ${svc.id}`).length,
    2,
  );
});

test("the owner reads the history of an active VPS; another user gets 404, a dedicated server 403", async () => {
  await nextMinute();
  const a = await signUpAndIn(api);
  const b = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  const dedicated = await createService(a.user.id, "dedicated");
  await sampleDue(api.deps.sql, api.deps.provider, settings);
  await new Promise((r) => setTimeout(r, 1_100));
  await nextMinute();
  await api.sql`update service_samples set at = at - interval '1 minute' where service_id = ${svc.id}`;
  await sampleDue(api.deps.sql, api.deps.provider, settings);

  const get = (token: string, id: string, range = "hour") =>
    api.fetch(`/api/services/${id}/history?range=${range}`, { token });
  const own = await get(a.access_token, svc.id);
  assert.equal(own.status, 200);
  const body = await json<ServiceHistory>(own);
  assert.equal(body.step_seconds, 60);
  assert.equal(body.t.length, 2);
  assert.equal(body.cpu_percent.length, 2);
  assert.ok(body.memory_total_bytes.every((m) => m === 2048 * 1024 * 1024));
  assert.equal(body.net_in_bps[0], null, "the first reading has no rate");
  assert.ok((body.net_in_bps[1] ?? 0) > 0);
  assert.ok(body.traffic.in_bytes > 0);
  assert.equal(body.traffic.month, new Date().toISOString().slice(0, 7));
  for (const range of ["day", "week"]) {
    const res = await get(a.access_token, svc.id, range);
    assert.equal(res.status, 200, range);
    assert.ok((await json<ServiceHistory>(res)).t.length >= 1, range);
  }
  assert.equal((await get(a.access_token, svc.id, "year")).status, 422);

  for (const id of [svc.id, crypto.randomUUID(), "nope"]) {
    const res = await get(b.access_token, id);
    assert.equal(res.status, 404, id);
    assert.equal((await errorOf(res)).message, "Service not found or access denied");
  }
  const ded = await get(a.access_token, dedicated.id);
  assert.equal(ded.status, 403);
  assert.deepEqual(await errorOf(ded), {
    code: "service_not_controllable",
    message: "Control actions are only available for VPS services",
  });
  await api.sql`update services set service_status = 'suspended' where id = ${svc.id}`;
  assert.equal((await get(a.access_token, svc.id)).status, 403);
  assert.equal((await api.fetch(`/api/services/${svc.id}/history`)).status, 401);
});
