/**
 * Run by tracing.test.ts in a process of its own with OTEL_DENO=true (Deno reads it at start): a
 * customer buys a VPS over HTTP and the provider runner (already running) makes it, then the process exits, which
 * flushes the spans to the OTLP receiver of OTEL_EXPORTER_OTLP_ENDPOINT. Prints the order id.
 */

import { setCredits, signUpAndIn, startTestApi } from "../platform/testing.ts";
import { startProviderRunner } from "../provisioning/runner.ts";
import { providerRunnerDeps } from "../provisioning/setup.ts";

const api = await startTestApi({ PROVIDER_POLL_MS: "50" });
// Started before the purchase, as at the API's start: the runner's loop runs outside any request,
// so its steps join the purchase's trace only through the context stored on the job row.
const runner = startProviderRunner({ ...providerRunnerDeps(api.deps), intervalMs: 25 });
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
  headers: { "Idempotency-Key": crypto.randomUUID(), "x-request-id": "purchase-trace-test" },
  json: { product_id: product!.id },
});
if (buy.status !== 201) throw new Error(`purchase: ${buy.status} ${await buy.text()}`);
for (let i = 0; i < 300; i++) {
  const [row] = await api.sql<{ n: number }[]>`
    select count(*)::int as n from provider_jobs where state = 'pending'`;
  if (row!.n === 0) break;
  await new Promise((r) => setTimeout(r, 50));
}
await runner.stop();
await api.close();
Deno.exit(0);
