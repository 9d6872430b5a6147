import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { test } from "../platform/testing.ts";

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string } }[];
}

const attr = (s: Span, key: string) => s.attributes?.find((a) => a.key === key)?.value.stringValue;

test("traces: with OTEL_DENO=true a purchase is one trace with its request id, its SQL spans, and the steps and provider calls of the provisioning job it queued", async () => {
  // A small OTLP/HTTP (JSON) receiver in this process.
  const spans: Span[] = [];
  const abort = new AbortController();
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const receiver = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: abort.signal, onListen: resolve },
    async (req) => {
      if (new URL(req.url).pathname === "/v1/traces") {
        const body = await req.json();
        for (const rs of body.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
      } else await req.body?.cancel();
      return Response.json({});
    },
  );
  const { port } = await listening;
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", fileURLToPath(new URL("./trace-purchase.ts", import.meta.url))],
      env: {
        OTEL_DENO: "true",
        OTEL_SERVICE_NAME: "portal-api-test",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        LOG_LEVEL: "error",
      },
      stdout: "piped",
      stderr: "piped",
    });
    const out = await child.output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));

    // The purchase: the API's server span carries the request id; its trace holds the SQL.
    const server = spans.filter((s) => attr(s, "portal.request_id") === "purchase-trace-test");
    assert.equal(server.length, 1, `one server span of the purchase, got ${server.length}`);
    assert.equal(attr(server[0]!, "http.route"), "/api/shop/orders");
    const purchase = spans.filter((s) => s.traceId === server[0]!.traceId);
    const sql = purchase.filter((s) => attr(s, "db.system") === "postgresql");
    assert.ok(sql.length >= 3, `SQL spans in the purchase's trace: ${sql.length}`);
    assert.ok(
      sql.some((s) => /insert into provider_jobs/i.test(attr(s, "db.statement") ?? "")) ||
        sql.some((s) => s.name === "SQL transaction"),
    );
    // Every span of the trace hangs from the purchase's tree (one trace, no orphans).
    const ids = new Set(purchase.map((s) => s.spanId));
    for (const s of purchase)
      assert.ok(!s.parentSpanId || ids.has(s.parentSpanId) || s === server[0]);

    // The provisioning the purchase queued runs later in the provider runner, from its durable
    // job row: its steps and their provider calls are in the purchase's trace all the same.
    const provider = spans.filter((s) => s.name.startsWith("provider POST /datacenter/server"));
    assert.equal(provider.length, 1);
    assert.equal(
      provider[0]!.traceId,
      server[0]!.traceId,
      "the provider call joins the purchase's trace",
    );
    const steps = purchase.filter((s) => s.name === "provider job provision");
    assert.ok(steps.length >= 1, "the job's steps are spans of the purchase's trace");
    assert.ok(steps.some((s) => s.spanId === provider[0]!.parentSpanId));
  } finally {
    abort.abort();
    await receiver.finished;
  }
});
