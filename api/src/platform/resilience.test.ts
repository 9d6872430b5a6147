import assert from "node:assert/strict";
import postgres from "postgres";
import { isConnectionError } from "./db-health.ts";
import { sleep, startApiProcess, startPgServer } from "./testing-process.ts";

/**
 * The database dies (kill -9 of the postmaster) while about 20 connections of
 * reads and purchases run against a real API process. The process must survive, answer 503 with
 * the JSON error body (quickly, no hanging) while the database is away, recover on its own when it
 * is back, and every purchase it confirmed (2xx) must be in the database.
 */

interface Outcome {
  kind: "read" | "purchase";
  status: number | "timeout" | "network";
  ms: number;
  at: number;
  orderId?: string;
  errorCode?: string;
}

const WORKERS = 20;
const REQUEST_TIMEOUT_MS = 5_000;

Deno.test({
  name: "resilience: the API survives the database dying under load, answers 503, recovers, loses no confirmed purchase",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const pg = await startPgServer();
    const admin = postgres(pg.url(), { max: 1, onnotice: () => {} });
    await admin.unsafe("create database portal");
    await admin.end();
    const api = await startApiProcess({
      DATABASE_URL: pg.url("portal"),
      SEED_DEMO: "true",
      DATABASE_POOL_MAX: "20",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    });
    let db = postgres(pg.url("portal"), { max: 2, onnotice: () => {} });
    try {
      // Five customers with plenty of credits, so purchases are not all queued on one row lock.
      const tokens: string[] = [];
      for (let i = 0; i < 5; i++) {
        const email = `load${i}@example.com`;
        const up = await fetch(`${api.url}/api/auth/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: `load${i}`, email, password: "tulip-orbit-42" }),
        });
        assert.equal(up.status, 201, await up.text());
        const res = await fetch(`${api.url}/api/auth/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "tulip-orbit-42" }),
        });
        tokens.push((await res.json()).access_token);
      }
      // An opening balance: the ledger's running total with it, or the database refuses the commit.
      await db`update profiles set credits = 100000, ledger_total = 100000 where email like 'load%'`;
      const [product] = await db<{ id: string }[]>`select id from products order by price limit 1`;

      const outcomes: Outcome[] = [];
      let running = true;
      const t0 = performance.now();
      const one = async (worker: number, n: number) => {
        const token = tokens[worker % tokens.length];
        const purchase = n % 2 === 1;
        const started = performance.now();
        const outcome: Outcome = {
          kind: purchase ? "purchase" : "read",
          status: "network",
          ms: 0,
          at: started - t0,
        };
        try {
          const res = await fetch(
            `${api.url}${purchase ? "/api/shop/orders" : n % 4 === 0 ? "/api/shop/products" : "/api/account/profile"}`,
            {
              method: purchase ? "POST" : "GET",
              headers: {
                authorization: `Bearer ${token}`,
                "content-type": "application/json",
                "idempotency-key": `load-${worker}-${n}-${crypto.randomUUID()}`,
              },
              body: purchase ? JSON.stringify({ product_id: product.id }) : undefined,
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            },
          );
          outcome.status = res.status;
          const body = await res.json().catch(() => null);
          if (purchase && res.ok) outcome.orderId = body?.order?.id;
          if (!res.ok) outcome.errorCode = body?.error?.code;
          if (res.status === 503) await sleep(10); // a client backs off a little
        } catch (e) {
          outcome.status = (e as Error).name === "TimeoutError" ? "timeout" : "network";
          await sleep(50); // a dead API refuses at once: do not spin
        }
        outcome.ms = performance.now() - started;
        outcomes.push(outcome);
      };
      const workers = Array.from({ length: WORKERS }, async (_, w) => {
        for (let n = 0; running; n++) await one(w, n);
      });

      await sleep(1_500);
      const crashAt = performance.now() - t0;
      await pg.crash();
      await sleep(4_000);
      assert(api.alive(), `the API process died with the database:\n${api.output().slice(-3000)}`);
      const ready = await fetch(`${api.url}/readyz`, { signal: AbortSignal.timeout(3000) });
      await ready.body?.cancel();
      assert.equal(ready.status, 503);
      const restartAt = performance.now() - t0;
      await pg.restart();
      const restartedAt = performance.now() - t0;
      // Recovery: the first 2xx of each kind started after Postgres was back.
      const deadline = Date.now() + 20_000;
      const recovered = () =>
        outcomes.some(
          (o) =>
            o.kind === "purchase" &&
            o.at >= restartedAt &&
            typeof o.status === "number" &&
            o.status < 300,
        );
      while (!recovered() && Date.now() < deadline) await sleep(50);
      await sleep(1_500);
      running = false;
      await Promise.all(workers);
      assert(api.alive(), `the API process died:\n${api.output().slice(-3000)}`);

      const during = outcomes.filter((o) => o.at >= crashAt + 300 && o.at + o.ms <= restartAt);
      const statuses: Record<string, number> = {};
      for (const o of during) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
      const firstOk = outcomes
        .filter((o) => o.at >= restartedAt && typeof o.status === "number" && o.status < 300)
        .map((o) => o.at + o.ms)
        .sort((a, b) => a - b)[0];
      const confirmed = outcomes
        .filter((o) => o.kind === "purchase" && o.orderId)
        .map((o) => o.orderId!);
      db = postgres(pg.url("portal"), { max: 2, onnotice: () => {} });
      const found = await db<
        { id: string }[]
      >`select id from orders where id = any(${confirmed}::uuid[])`;
      const slowest = Math.max(...during.map((o) => o.ms));
      console.log(
        JSON.stringify({
          requests: outcomes.length,
          during_outage: { requests: during.length, statuses, slowest_ms: Math.round(slowest) },
          recovery_ms_after_postgres_ready:
            firstOk === undefined ? null : Math.round(firstOk - restartedAt),
          postgres_restart_ms: Math.round(restartedAt - restartAt),
          purchases_confirmed: confirmed.length,
          purchases_found: found.length,
          hung: outcomes.filter((o) => typeof o.status !== "number"),
          other: outcomes.filter(
            (o) => typeof o.status !== "number" || (o.status >= 500 && o.status !== 503),
          ).length,
        }),
      );
      assert(during.length > 20, "requests ran during the outage");
      for (const o of during) {
        assert.equal(
          o.status,
          503,
          `during the outage every request answers 503, got ${JSON.stringify(o)}`,
        );
        assert.equal(o.errorCode, "service_unavailable");
      }
      assert(slowest < 3_000, `requests during the outage answer quickly (slowest ${slowest} ms)`);
      assert(
        firstOk !== undefined && firstOk - restartedAt < 10_000,
        "the API recovers on its own",
      );
      assert(confirmed.length > 10, "purchases were confirmed");
      assert.equal(
        found.length,
        confirmed.length,
        "every purchase answered 2xx is in the database",
      );
      // No request ever hung or got a non-JSON 5xx.
      assert.equal(
        outcomes.filter((o) => o.status === "timeout" || o.status === "network").length,
        0,
      );
    } finally {
      await db.end({ timeout: 1 }).catch(() => {});
      await api.stop();
      await pg.stop();
    }
  },
});

/**
 * The postgres.js failure path itself (patches/postgres+3.4.9.patch): a query sent on a reserved
 * connection, or a transaction's ROLLBACK, after its backend died used to write to a null socket
 * from setImmediate and end the process with "Cannot read properties of null (reading 'write')".
 */
Deno.test({
  name: "resilience: a query on a connection whose backend died rejects with CONNECTION_CLOSED instead of ending the process",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const url = Deno.env.get("DATABASE_URL");
    if (!url) throw new Error("DATABASE_URL is not set: run the API tests with `npm run test:api`");
    const sql = postgres(url, { max: 4, onnotice: () => {} });
    const killer = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const reserved = await sql.reserve();
      const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await killer`select pg_terminate_backend(${pid})`;
      await sleep(100);
      for (let i = 0; i < 3; i++) {
        const err = await reserved`select 1`.then(
          () => null,
          (e) => e,
        );
        assert(isConnectionError(err), `query ${i} rejects with a connection error, got ${err}`);
      }
      reserved.release();
      // A transaction whose backend dies: the ROLLBACK that follows must not write to the dead socket.
      for (let i = 0; i < 5; i++) {
        const err = await sql
          .begin(async (tx) => {
            const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
            await killer`select pg_terminate_backend(${pid})`;
            await tx`select pg_sleep(0.05)`;
            await tx`select 1`;
          })
          .then(
            () => null,
            (e) => e,
          );
        assert(
          isConnectionError(err),
          `transaction ${i} rejects with a connection error, got ${err}`,
        );
      }
      await sleep(200); // a write scheduled with setImmediate would have thrown by now
      const [{ one }] = await sql<{ one: number }[]>`select 1 as one`;
      assert.equal(one, 1, "the pool works again");
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  },
});
