import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { freePort, pidAlive, sleep, startApiProcess } from "./testing-process.ts";

/**
 * SIGTERM drains requests in flight, closes the pool and stops the embedded
 * Postgres cleanly (no stale postmaster.pid, no `write CONNECTION_CLOSED`); a taken port is one
 * line naming the variable to change.
 */

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  ...opts,
  name: "lifecycle: SIGTERM under load drains requests, stops the embedded Postgres cleanly and exits 0",
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "portal-life-" });
    await Deno.chmod(dataDir, 0o755); // the embedded Postgres runs as user postgres under root
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(freePort()),
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    });
    try {
      const pidFile = join(dataDir, "postgres", "postmaster.pid");
      const pgPid = Number(Deno.readTextFileSync(pidFile).split("\n")[0]);
      const signIn = await fetch(`${api.url}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "customer@example.com", password: "customer123" }),
      });
      const { access_token } = await signIn.json();
      const statuses: (number | string)[] = [];
      let running = true;
      // Argon2 sign-ins are slow (tens of ms): plenty of requests are in flight at the signal.
      const load = Array.from({ length: 12 }, async (_, i) => {
        while (running) {
          try {
            const res =
              i % 3 === 0
                ? await fetch(`${api.url}/api/auth/sign-in`, {
                    method: "POST",
                    headers: { "content-type": "application/json" },
                    body: JSON.stringify({
                      email: "customer@example.com",
                      password: "customer123",
                    }),
                  })
                : await fetch(`${api.url}/api/account/profile`, {
                    headers: { authorization: `Bearer ${access_token}` },
                  });
            statuses.push(res.status);
            await res.body?.cancel();
          } catch {
            // Refused after the listener closed: the request never reached the API.
            statuses.push("refused");
            await sleep(20);
          }
        }
      });
      // Until a dozen requests have been answered (a loaded machine needs longer than a quiet one).
      const loadDeadline = Date.now() + 20_000;
      while (statuses.length <= 12 && Date.now() < loadDeadline) await sleep(50);
      const before = statuses.length;
      api.signal("SIGTERM");
      const status = await api.exited;
      running = false;
      await Promise.all(load);
      const output = api.output();
      assert.equal(status.code, 0, `exit code 0:\n${output.slice(-2000)}`);
      assert.ok(before > 10, "requests ran before the signal");
      const after: Record<string, number> = {};
      for (const s of statuses.slice(before)) after[s] = (after[s] ?? 0) + 1;
      console.log(JSON.stringify({ before_signal: before, after_signal: after }));
      const bad = statuses.filter((s) => s !== 200 && s !== 503 && s !== "refused");
      assert.deepEqual(
        bad,
        [],
        "requests in flight finished (200), later ones were refused (503 or connection refused)",
      );
      assert.doesNotMatch(output, /Uncaught|CONNECTION_CLOSED|"level":"error"/);
      assert.match(output, /embedded postgres stopped/);
      assert.ok(!existsSync(pidFile), "no stale postmaster.pid");
      assert.ok(!pidAlive(pgPid), "the embedded Postgres is gone");
    } finally {
      await api.stop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  ...opts,
  name: "lifecycle: a taken HTTP port or embedded Postgres port is one line naming PORT / EMBEDDED_PG_PORT",
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "portal-life-" });
    await Deno.chmod(dataDir, 0o755);
    const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (taken.addr as Deno.NetAddr).port;
    try {
      const http = await startApiProcess(
        { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(freePort()) },
        { wait: false },
      );
      const httpStatus = await http.exited;
      const httpLines = http.output().trim().split("\n");
      assert.equal(httpStatus.code, 1);
      assert.equal(httpLines.length, 1, http.output());
      assert.match(httpLines[0], new RegExp(`Port ${port}.*set PORT to a free port`));

      const pg = await startApiProcess(
        { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
        { wait: false },
      );
      const pgStatus = await pg.exited;
      const pgLines = pg.output().trim().split("\n");
      assert.equal(pgStatus.code, 1);
      assert.equal(pgLines.length, 1, pg.output());
      assert.match(
        pgLines[0],
        new RegExp(`Port ${port} of the embedded Postgres.*set EMBEDDED_PG_PORT to a free port`),
      );
      assert.ok(!existsSync(join(dataDir, "postgres", "postmaster.pid")));
    } finally {
      taken.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  ...opts,
  name: "lifecycle: with the embedded default, a killed Postgres is restarted by the API (503 meanwhile)",
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "portal-life-" });
    await Deno.chmod(dataDir, 0o755);
    const api = await startApiProcess({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(freePort()) });
    try {
      const pidFile = join(dataDir, "postgres", "postmaster.pid");
      const first = Number(Deno.readTextFileSync(pidFile).split("\n")[0]);
      Deno.kill(first, "SIGKILL");
      const started = Date.now();
      const seen: number[] = [];
      while (Date.now() - started < 20_000) {
        const res = await fetch(`${api.url}/readyz`);
        await res.body?.cancel();
        seen.push(res.status);
        if (res.status === 200 && seen.includes(503)) break;
        await sleep(50);
      }
      console.log(
        JSON.stringify({
          readyz_503: seen.filter((s) => s === 503).length,
          recovered_ms: Date.now() - started,
        }),
      );
      assert.ok(api.alive(), "the API process survives");
      assert.ok(seen.includes(503), "not ready while Postgres is down");
      assert.equal(seen.at(-1), 200, "ready again once the API restarted Postgres");
      const second = Number(Deno.readTextFileSync(pidFile).split("\n")[0]);
      assert.notEqual(second, first, "a new postmaster");
      assert.match(api.output(), /embedded postgres restarted/);
    } finally {
      await api.stop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
