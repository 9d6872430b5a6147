/**
 * Spans of our own for what Deno's built-in OpenTelemetry (OTEL_DENO=true) does not see: SQL
 * (postgres.js talks over raw sockets) and provider calls (node:http). Deno instruments Deno.serve
 * and fetch itself and exports everything over OTLP; without OTEL_DENO the API below is a no-op
 * and `traced` leaves the pool untouched. README, Traces.
 */
import {
  type Attributes,
  context,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
} from "@opentelemetry/api";
import type { Sql } from "../platform/db.ts";

export const tracer = trace.getTracer("hosting-portal-api");

/** Whether this process exports traces (read once: Deno reads it at start too). */
export const tracing = (() => {
  try {
    return Deno.env.get("OTEL_DENO") === "true";
  } catch {
    return false;
  }
})();

/** Runs `fn` in a span that ends with it (an error is recorded and rethrown). */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!tracing) return fn();
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn();
    } catch (e) {
      span.recordException(e as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (e as Error).message });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** The active span as a W3C `traceparent` header value, or null when there is none. */
export function currentTraceparent(): string | null {
  const ctx = trace.getActiveSpan()?.spanContext();
  if (!ctx || !trace.isSpanContextValid(ctx)) return null;
  return `00-${ctx.traceId}-${ctx.spanId}-0${ctx.traceFlags & TraceFlags.SAMPLED}`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * Runs `fn` in a span whose parent is the W3C `traceparent` stored with durable work (a provider
 * job row): work done after the request that queued it joins that request's trace.
 */
export function inSpanOf<T>(
  traceparent: string | null | undefined,
  name: string,
  attributes: Attributes,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracing) return fn();
  const m = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!m) return inSpan(name, attributes, fn);
  const parent = trace.setSpanContext(context.active(), {
    traceId: m[1]!,
    spanId: m[2]!,
    traceFlags: Number.parseInt(m[3]!, 16),
    isRemote: true,
  });
  return context.with(parent, () => inSpan(name, attributes, fn));
}

/** The request id of the API's request log, on the request's server span. */
export function annotateRequest(requestId: string | undefined, route: string) {
  if (!tracing) return;
  const span = trace.getActiveSpan();
  span?.setAttribute("http.route", route);
  if (requestId) span?.setAttribute("portal.request_id", requestId);
}

type Thenable = { then: (...args: unknown[]) => unknown };

/** The first words of a statement (its operation and table), never its parameters. */
const summary = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 60);

/**
 * A pool whose queries are spans. A postgres.js query runs when it is first awaited (`then`), and
 * a query used as a fragment of another one is never awaited: so the span starts at `then` and
 * ends when the query settles, and fragments make none. Transactions' own pools are wrapped too.
 */
export function traced<T extends Sql>(sql: T): T {
  if (!tracing) return sql;
  const wrapQuery = (query: unknown, text: () => string) => {
    if (!query || typeof (query as Thenable).then !== "function") return query;
    const q = query as Thenable;
    const then = q.then.bind(q);
    let running: Promise<unknown> | null = null;
    const spanned = (onFulfilled?: unknown, onRejected?: unknown) => {
      running ??= inSpan(
        `SQL ${summary(text()).split(" ")[0]}`,
        { "db.system": "postgresql", "db.statement": summary(text()) },
        () => new Promise((resolve, reject) => then(resolve, reject)),
        SpanKind.CLIENT,
      );
      return running.then(onFulfilled as never, onRejected as never);
    };
    // biome-ignore lint/suspicious/noThenProperty: the query is a thenable; its span starts when awaited.
    Object.defineProperty(q, "then", { value: spanned, configurable: true, writable: true });
    return q;
  };
  const wrap = (target: Sql): Sql =>
    new Proxy(target, {
      apply(fn, self, args: unknown[]) {
        const result = Reflect.apply(fn, self, args);
        const strings = args[0] as TemplateStringsArray | undefined;
        return Array.isArray(strings) && "raw" in (strings as object)
          ? wrapQuery(result, () => strings.join("$"))
          : result;
      },
      get(fn, prop, receiver) {
        const value = Reflect.get(fn, prop, receiver);
        if (typeof value !== "function") return value;
        if (prop === "unsafe")
          return (text: string, ...rest: unknown[]) =>
            wrapQuery((value as (...a: unknown[]) => unknown).call(fn, text, ...rest), () => text);
        if (prop === "begin" || prop === "savepoint")
          return (...args: unknown[]) => {
            const cb = args.at(-1) as (tx: Sql) => unknown;
            const rest = args.slice(0, -1);
            return inSpan("SQL transaction", { "db.system": "postgresql" }, () =>
              (value as (...a: unknown[]) => Promise<unknown>).call(
                fn,
                ...rest,
                async (tx: Sql) => {
                  // Rows this transaction queues (provider_jobs.traceparent's default) carry
                  // its trace context, so the work they stand for joins this trace.
                  if (prop === "begin") {
                    const traceparent = currentTraceparent();
                    if (traceparent)
                      await tx`select set_config('portal.traceparent', ${traceparent}, true)`;
                  }
                  return await cb(wrap(tx));
                },
              ),
            );
          };
        return value.bind(fn);
      },
    });
  return wrap(sql) as T;
}
