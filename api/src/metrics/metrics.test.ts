import assert from "node:assert/strict";
import { setCredits, signUpAndIn, startTestApi, type TestApi, test } from "../platform/testing.ts";
import { startProviderRunner } from "../provisioning/runner.ts";
import { providerRunnerDeps } from "../provisioning/setup.ts";

const api: TestApi = await startTestApi({ PROVIDER_POLL_MS: "50" });
globalThis.addEventListener("unload", () => void api.close());

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A customer buys a VPS, the provider queue makes it; returns the customer's session. */
async function purchase() {
  const me = await signUpAndIn(api);
  await setCredits(api.sql, me.user.id, "30.00");
  const [product] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
      plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
    values (${`VPS ${crypto.randomUUID().slice(0, 6)}`}, 10.00, '2 vCores', '4 GB', '80 GB', '1 Gbit/s',
      'yes', 'vps', 'Debian12', 2, 4096, 80, 1)
    returning id`;
  const buy = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    json: { product_id: product!.id },
  });
  assert.equal(buy.status, 201);
  const runner = startProviderRunner({ ...providerRunnerDeps(api.deps), intervalMs: 25 });
  try {
    await until(
      () => api.sql<{ n: number }[]>`
        select count(*)::int as n from provider_jobs where state = 'pending'`,
      (rows) => rows[0]!.n === 0,
    );
  } finally {
    await runner.stop();
  }
  return me;
}

/** The value of one series in the Prometheus text, or undefined. */
const sampleOf = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

test("metrics: after a purchase GET /metrics shows requests by route, provider calls, jobs, outbox, PayPal, streams and the pool", async () => {
  const me = await purchase();
  // One live-update stream open while scraping.
  const abort = new AbortController();
  const stream = await api.fetch("/api/events", { token: me.access_token, signal: abort.signal });
  assert.equal(stream.status, 200);
  const reader = stream.body!.getReader();
  await reader.read(); // `ready`: the stream is counted
  try {
    const res = await api.fetch("/metrics");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
    const text = await res.text();
    // Request durations by route pattern and status, never a raw path with an id.
    assert.ok(
      (sampleOf(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/shop/orders",status="201"}',
      ) ?? 0) >= 1,
      "the purchase's route is counted",
    );
    assert.doesNotMatch(text, /route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
    // The provider calls the provisioning made, by operation and outcome.
    assert.match(
      text,
      /portal_provider_calls_total\{operation="POST \/datacenter\/server",outcome="ok"\} [1-9]/,
    );
    assert.match(text, /portal_provider_call_duration_seconds_count\{operation="[^"]+"\} [1-9]/);
    assert.equal(sampleOf(text, 'portal_provider_jobs{kind="provision",state="done"}')! >= 1, true);
    assert.match(text, /# TYPE portal_provider_jobs_lag_seconds gauge/);
    // Mail outbox by state (the welcome mail of the purchase, at least), PayPal orders unsettled.
    assert.equal(sampleOf(text, 'portal_mail_outbox{state="failed"}'), 0);
    assert.ok(
      ["queued", "sending", "sent"].some(
        (s) => (sampleOf(text, `portal_mail_outbox{state="${s}"}`) ?? 0) > 0,
      ),
    );
    assert.equal(sampleOf(text, 'portal_paypal_orders_unsettled{status="pending"}'), 0);
    assert.equal(sampleOf(text, "portal_live_update_streams_open"), 1);
    assert.ok((sampleOf(text, 'portal_db_connections{state="active"}') ?? 0) >= 1);
    assert.equal(sampleOf(text, "portal_db_pool_max"), 30);
  } finally {
    abort.abort();
    await reader.cancel().catch(() => {});
  }
  // The stream's end is uncounted.
  await until(
    async () =>
      sampleOf(await (await api.fetch("/metrics")).text(), "portal_live_update_streams_open"),
    (n) => n === 0,
  );
});

test("metrics: behind its bearer token when METRICS_TOKEN is set", async () => {
  const guarded = await startTestApi({ METRICS_TOKEN: "a-long-scrape-token-1234" });
  try {
    assert.equal((await guarded.fetch("/metrics")).status, 401);
    assert.equal(
      (await guarded.fetch("/metrics", { token: "wrong-token-wrong-token" })).status,
      401,
    );
    const ok = await guarded.fetch("/metrics", { token: "a-long-scrape-token-1234" });
    assert.equal(ok.status, 200);
    assert.match(await ok.text(), /http_request_duration_seconds_bucket/);
  } finally {
    await guarded.close();
  }
});
