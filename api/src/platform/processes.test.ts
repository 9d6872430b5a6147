import assert from "node:assert/strict";
import { createTestDatabase } from "./testing.ts";
import { type ApiProcess, pidAlive, sleep, startApiProcess } from "./testing-process.ts";

/**
 * API_PROCESSES=2 runs two API processes on one port (SO_REUSEPORT), started as
 * `deno run api/src/main.ts` exactly as in production. Every request below goes over a new
 * connection, so the kernel spreads them over both processes: a top-up created in one, approved
 * in another and captured in a third only works if the workers use the primary's database and
 * its PayPal simulator (whose orders live in the primary's memory).
 */

const TOP_UPS = 12;

const env = async () => ({
  DATABASE_URL: await createTestDatabase(),
  DATABASE_POOL_MAX: "4",
  API_PROCESSES: "2",
  SEED_DEMO: "true",
  LOG_LEVEL: "info",
  AUTH_RATE_LIMIT_PER_IP: "1000",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "1000",
});

/** The pids of the processes that logged "api listening", by role, in order. */
function listening(api: ApiProcess): { primary: number[]; worker: number[] } {
  const found = { primary: [] as number[], worker: [] as number[] };
  for (const line of api.output().split("\n")) {
    if (!line.includes('"api listening"')) continue;
    const entry = JSON.parse(line) as { pid: number; role: "primary" | "worker" };
    found[entry.role].push(entry.pid);
  }
  return found;
}

async function until<T>(what: string, check: () => T | undefined | false, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** One request over a connection of its own (a new HTTP client each time). */
async function onNewConnection(
  url: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<{ status: number; body: string }> {
  const client = Deno.createHttpClient({});
  try {
    // `client` is Deno's own RequestInit member (the "dom" lib's type does not know it).
    const res = await fetch(url, {
      method: init.method ?? "GET",
      client,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    } as RequestInit & { client: Deno.HttpClient });
    return { status: res.status, body: await res.text() };
  } finally {
    client.close();
  }
}

Deno.test({
  name: "API_PROCESSES=2: both processes serve one port with the primary's database and simulators; a dead worker is replaced; they stop together",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const api = await startApiProcess(await env());
    try {
      const [worker] = await until(
        "the worker",
        () => listening(api).worker.length > 0 && listening(api).worker,
      );
      const [primary] = listening(api).primary;
      assert.ok(primary && worker && primary !== worker);

      const signIn = await onNewConnection(`${api.url}/api/auth/sign-in`, {
        method: "POST",
        json: { email: "customer@example.com", password: "customer123" },
      });
      assert.equal(signIn.status, 200, signIn.body);
      const token = (JSON.parse(signIn.body) as { access_token: string }).access_token;
      const balance = async () => {
        const res = await onNewConnection(`${api.url}/api/account/profile`, { token });
        assert.equal(res.status, 200, res.body);
        return Number((JSON.parse(res.body) as { credits: string }).credits);
      };
      const before = await balance();

      for (let i = 0; i < TOP_UPS; i++) {
        const created = await onNewConnection(`${api.url}/api/billing/orders`, {
          method: "POST",
          token,
          json: { amount: "10" },
        });
        assert.equal(created.status, 201, created.body);
        const { id } = JSON.parse(created.body) as { id: string };
        const approved = await onNewConnection(
          `${api.url}/api/billing/orders/${id}/sandbox-approve`,
          { method: "POST", token },
        );
        assert.equal(approved.status, 204, `top-up ${i}: approve: ${approved.body}`);
        const captured = await onNewConnection(`${api.url}/api/billing/orders/${id}/capture`, {
          method: "POST",
          token,
        });
        assert.equal(captured.status, 200, `top-up ${i}: capture: ${captured.body}`);
      }
      assert.equal(await balance(), before + TOP_UPS * 10);

      // A worker that dies is started again; the port keeps answering meanwhile.
      Deno.kill(worker, "SIGKILL");
      const [, replacement] = await until(
        "a new worker",
        () => listening(api).worker.length > 1 && listening(api).worker,
      );
      assert.ok(replacement && replacement !== worker);
      assert.equal((await onNewConnection(`${api.url}/healthz`)).status, 200);

      // SIGTERM to the primary stops every process, cleanly.
      await api.stop();
      assert.equal((await api.exited).code, 0);
      assert.equal(pidAlive(replacement), false, "the worker outlived its primary");
    } finally {
      await api.stop();
    }
  },
});

Deno.test({
  name: "API_PROCESSES=2: a worker stops by itself when its primary is killed with SIGKILL",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const api = await startApiProcess(await env());
    let worker: number | undefined;
    try {
      [worker] = await until(
        "the worker",
        () => listening(api).worker.length > 0 && listening(api).worker,
      );
      api.signal("SIGKILL");
      // The primary alone: `api.exited` also waits for its output, which the worker shares.
      await api.child.status;
      await until("the worker to exit", () => !pidAlive(worker!), 15_000);
    } finally {
      // An orphan would keep the output open and the test process waiting: kill it if it is left.
      if (worker && pidAlive(worker)) Deno.kill(worker, "SIGKILL");
      await api.stop();
    }
  },
});
