import assert from "node:assert/strict";
import { startProviderSim, UNKNOWN_SERVER_FROM } from "./provider.ts";

const sim = await startProviderSim({ token: "sim-test-token" });
globalThis.addEventListener("unload", () => void sim.close());

const put = (path: string, opts: { token?: string; body?: unknown } = {}) =>
  fetch(`${sim.url}/datacenter/server/${path}`, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      ...(opts.token === "" ? {} : { authorization: `Bearer ${opts.token ?? "sim-test-token"}` }),
    },
    body: JSON.stringify(opts.body ?? {}),
  });

const t = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });

t("the bearer token is checked on every route", async () => {
  for (const token of ["", "wrong"]) {
    const res = await put("5/start", { token });
    assert.equal(res.status, 401);
    assert.ok((await res.json()).error);
  }
  assert.equal(sim.power(5), undefined);
});

t("start, shutdown and restart change the power state of one server", async () => {
  assert.equal((await put("10/shutdown")).status, 200);
  assert.equal(sim.power(10), "stopped");
  assert.equal(sim.power(11), undefined);
  await put("10/start");
  assert.equal(sim.power(10), "running");
  await put("10/shutdown");
  const res = await put("10/restart");
  assert.deepEqual(await res.json(), { success: true, status: "running" });
  const state = await fetch(`${sim.url}/datacenter/server/10`, {
    headers: { authorization: "Bearer sim-test-token" },
  });
  assert.deepEqual(await state.json(), { id: 10, power: "running" });
});

t("unknown servers answer with an error field", async () => {
  for (const id of [0, -3, UNKNOWN_SERVER_FROM, UNKNOWN_SERVER_FROM + 42]) {
    const res = await put(`${id}/start`);
    assert.equal(res.status, 404);
    assert.match((await res.json()).error, /not found/);
  }
});

t("password reset needs a password and keeps only a count", async () => {
  assert.equal((await put("12/password/reset", { body: {} })).status, 422);
  assert.equal((await put("12/password/reset", { body: { password: "n3w-secret" } })).status, 200);
  assert.equal(sim.passwordResets(12), 1);
});

t("switches make a server fail or be slow, and heal restores it", async () => {
  sim.fail(20, { kind: "error", message: "locked" });
  const err = await put("20/start");
  assert.equal(err.status, 200);
  assert.deepEqual(await err.json(), { error: "locked" });
  sim.fail(20, { kind: "status", status: 503 });
  assert.equal((await put("20/start")).status, 503);
  sim.fail("*", { kind: "slow", delayMs: 300 });
  const started = performance.now();
  assert.equal((await put("21/start")).status, 200);
  assert.ok(performance.now() - started >= 290);
  sim.heal();
  assert.equal((await put("20/start")).status, 200);
});
