/**
 * Prometheus metrics of one API process (prom-client): request durations by route and status,
 * provider calls by operation and outcome, live-update streams open, and, read from the database
 * when scraped, the numbers an operator of the business watches (mail outbox, unsettled PayPal
 * orders, provider jobs and their lag, the app role's connections). README, Metrics.
 */

import { SpanKind } from "@opentelemetry/api";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { statusIn, UNSETTLED } from "../billing/top-up.service.ts";
import type { Config } from "../platform/config.ts";
import type { Sql } from "../platform/db.ts";
import { annotateRequest, inSpan } from "./tracing.ts";

/** One registry per process; every API process (API_PROCESSES) is its own scrape target. */
export const registry = new Registry();

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP requests by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  // From a cached static file to a slow provider-bound request (the provider timeout is seconds).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const providerCalls = new Counter({
  name: "portal_provider_calls_total",
  help: "Calls to the server provider by operation (method and path pattern) and outcome",
  labelNames: ["operation", "outcome"] as const,
  registers: [registry],
});

const providerCallDuration = new Histogram({
  name: "portal_provider_call_duration_seconds",
  help: "Time of calls to the server provider by operation",
  labelNames: ["operation"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const streamsOpen = new Gauge({
  name: "portal_live_update_streams_open",
  help: "Live-update event streams open on this process",
  registers: [registry],
});

export const liveUpdateStreams = {
  opened: () => streamsOpen.inc(),
  closed: () => streamsOpen.dec(),
};

/**
 * Path segments with a digit (server and job ids) become `:id`, so the operation label stays a short list
 * (`POST /vm/:id/start`), not one series per server.
 */
export const providerOperation = (method: string, path: string) =>
  `${method} ${path.split("?")[0].replace(/\/[^/]*\d[^/]*(?=\/|$)/g, "/:id")}`;

/** Counts and times one provider call; `outcome` is `ok` or the ProviderError's kind. */
export async function observeProviderCall<T>(operation: string, call: () => Promise<T>) {
  const end = providerCallDuration.startTimer({ operation });
  try {
    // A span of its own: the client uses node:http, which Deno's OpenTelemetry does not trace.
    const result = await inSpan(
      `provider ${operation}`,
      { "portal.provider.operation": operation },
      call,
      SpanKind.CLIENT,
    );
    providerCalls.inc({ operation, outcome: "ok" });
    return result;
  } catch (e) {
    const kind = (e as { kind?: unknown }).kind;
    providerCalls.inc({ operation, outcome: typeof kind === "string" ? kind : "error" });
    throw e;
  } finally {
    end();
  }
}

/** Request durations; the route is Hono's pattern (`/api/services/:id`), never the raw path. */
export const requestMetrics = (): MiddlewareHandler => async (c, next) => {
  const end = httpDuration.startTimer();
  try {
    await next();
  } finally {
    const route = routePath(c) || "unmatched";
    end({ method: c.req.method, route, status: String(c.res.status) });
    // The request log's id on the request's span (Deno's, with OTEL_DENO=true).
    annotateRequest(c.get("requestId"), route);
  }
};

/** Gauges read from the database at each scrape (a few counts over indexed or small sets). */
function databaseGauges() {
  const registries = [registry];
  let reading: Promise<Snapshot> | null = null;
  // One set of queries per scrape, whichever gauge asks first.
  const snapshot = () => {
    reading ??= readSnapshot(scraped.sql).finally(() => setTimeout(() => (reading = null), 0));
    return reading;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (g: Gauge, s: Snapshot) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: registries,
      async collect() {
        this.reset();
        fill(this, await snapshot());
      },
    });
  return [
    gauge("portal_mail_outbox", "Mails in the outbox by state", ["state"], (g, s) => {
      for (const state of ["queued", "sending", "sent", "failed"]) g.set({ state }, 0);
      for (const r of s.mail) g.set({ state: r.key }, r.n);
    }),
    gauge(
      "portal_paypal_orders_unsettled",
      "PayPal orders not yet settled (created, pending at PayPal, captured not yet credited)",
      ["status"],
      (g, s) => {
        for (const status of ["created", "pending", "captured"]) g.set({ status }, 0);
        for (const r of s.paypal) g.set({ status: r.key }, r.n);
      },
    ),
    gauge("portal_provider_jobs", "Provider jobs by kind and state", ["kind", "state"], (g, s) => {
      for (const r of s.jobs) g.set({ kind: r.kind, state: r.state }, r.n);
    }),
    gauge(
      "portal_provider_jobs_lag_seconds",
      "How long the oldest due pending provider job of each kind has waited",
      ["kind"],
      (g, s) => {
        for (const r of s.lag) g.set({ kind: r.kind }, r.seconds);
      },
    ),
    gauge(
      "portal_db_connections",
      "Connections of the API's database role by state (all processes), pg_stat_activity",
      ["state"],
      (g, s) => {
        for (const r of s.connections) g.set({ state: r.key }, r.n);
      },
    ),
    new Gauge({
      name: "portal_db_pool_max",
      help: "Connections one API process's pool may open",
      registers: registries,
      collect() {
        this.set(scraped.sql.options.max);
      },
    }),
  ];
}

interface Snapshot {
  mail: { key: string; n: number }[];
  paypal: { key: string; n: number }[];
  jobs: { kind: string; state: string; n: number }[];
  lag: { kind: string; seconds: number }[];
  connections: { key: string; n: number }[];
}

async function readSnapshot(sql: Sql): Promise<Snapshot> {
  const [mail, paypal, jobs, lag, connections] = await Promise.all([
    sql<{ key: string; n: number }[]>`
      select state as key, count(*)::int as n from mail_outbox group by state`,
    sql<{ key: string; n: number }[]>`
      select status as key, count(*)::int as n from paypal_orders
      where ${statusIn(sql, UNSETTLED)} group by status`,
    sql<{ kind: string; state: string; n: number }[]>`
      select kind, state, count(*)::int as n from provider_jobs group by kind, state`,
    sql<{ kind: string; seconds: number }[]>`
      select kind, extract(epoch from now() - min(run_after))::float8 as seconds
      from provider_jobs where state = 'pending' and run_after <= now() group by kind`,
    sql<{ key: string; n: number }[]>`
      select coalesce(state, 'unknown') as key, count(*)::int as n from pg_stat_activity
      where datname = current_database() and usename = current_user group by 1`,
  ]);
  return { mail, paypal, jobs, lag, connections };
}

let gaugesMade = false;
/** The pool the gauges read: the app's that serves the scrape (tests run several apps at once). */
let scraped: { sql: Sql } = { sql: null as unknown as Sql };

/**
 * GET /metrics in the Prometheus text format. With METRICS_TOKEN set it needs
 * `Authorization: Bearer <token>`; in production without one it does not exist (404), so the
 * public proxy never exposes it by accident.
 */
export function metricsHandler(sql: Sql, config: Config) {
  if (!gaugesMade) databaseGauges();
  gaugesMade = true;
  const token = config.METRICS_TOKEN;
  return async (req: Request): Promise<Response | null> => {
    if (!token && config.PORTAL_ENV === "production") return null;
    if (token && !timingSafeEqual(req.headers.get("authorization") ?? "", `Bearer ${token}`))
      return new Response("Unauthorized\n", {
        status: 401,
        headers: { "www-authenticate": 'Bearer realm="metrics"' },
      });
    scraped = { sql };
    return new Response(await registry.metrics(), {
      headers: { "content-type": registry.contentType, "cache-control": "no-store" },
    });
  };
}

function timingSafeEqual(a: string, b: string) {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
