import assert from "node:assert/strict";
import type { Service } from "../../contracts/services.ts";
import { startProviderSim } from "../../sim/provider.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { ACTION_LIMIT } from "./services.service.ts";

// A short provider timeout so the timeout case takes a fraction of a second.
const api: TestApi = await startTestApi({ SERVER_PROVIDER_TIMEOUT_MS: "400" });
globalThis.addEventListener("unload", () => void api.close());
const sim = api.providerSim!;

let nextDedicated = 1000;
/** A service with a real server at the simulator (a VPS), or a dedicated one with a made-up id. */
async function createService(
  userId: string,
  fields: {
    type?: "vps" | "dedicated";
    status?: "active" | "suspended";
    reseller?: number;
    cpu?: string;
  } = {},
): Promise<{ id: string; reseller: number }> {
  const type = fields.type ?? "vps";
  const reseller =
    fields.reseller ??
    (type === "vps"
      ? sim.controls.addServer({
          template: "Debian12",
          cpuCores: 2,
          memoryMb: 4096,
          diskGb: 80,
          ipv4Count: 1,
        }).vmId
      : nextDedicated++);
  const [row] = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    values (${userId}, ${type}, ${fields.status ?? "active"}, '203.0.113.10', '4', ${fields.cpu ?? "2"}, '80', ${reseller})
    returning id`;
  return { id: row!.id, reseller };
}
const serverCalls = (reseller: number) =>
  ["start", "shutdown", "stop", "reboot", "password/reset"].reduce(
    (n, action) => n + sim.controls.calls("PUT", `/datacenter/server/${reseller}/${action}`),
    0,
  );

const act = (token: string, id: string, action: string, body?: unknown) =>
  api.fetch(`/api/services/${id}/actions/${action}`, { method: "POST", token, json: body ?? {} });

test("a customer reads only their own services; others' ids answer 404 with the spec message", async () => {
  const a = await signUpAndIn(api);
  const b = await signUpAndIn(api);
  const svc = await createService(a.user.id);

  const list = await json<{ services: Service[] }>(
    await api.fetch("/api/services", { token: a.access_token }),
  );
  assert.deepEqual(
    list.services.map((s) => s.id),
    [svc.id],
  );
  const own = await api.fetch(`/api/services/${svc.id}`, { token: a.access_token });
  assert.equal(own.status, 200);
  assert.equal((await json<Service>(own)).reseller_id, svc.reseller);

  assert.deepEqual(
    (
      await json<{ services: Service[] }>(
        await api.fetch("/api/services", { token: b.access_token }),
      )
    ).services,
    [],
  );
  for (const id of [svc.id, crypto.randomUUID(), "not-a-uuid"]) {
    const res = await api.fetch(`/api/services/${id}`, { token: b.access_token });
    assert.equal(res.status, 404, id);
    assert.deepEqual(await errorOf(res), {
      code: "not_found",
      message: "Service not found or access denied",
    });
  }
  assert.equal((await api.fetch(`/api/services/${svc.id}`)).status, 401);
});

test("user B cannot control user A's service, and the provider is never called", async () => {
  const a = await signUpAndIn(api);
  const b = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  for (const action of ["start", "stop", "restart"]) {
    const res = await act(b.access_token, svc.id, action);
    assert.equal(res.status, 404);
    assert.equal((await errorOf(res)).message, "Service not found or access denied");
  }
  const pw = await act(b.access_token, svc.id, "reset-password", { password: "hijack123" });
  assert.equal(pw.status, 404);
  assert.equal(serverCalls(svc.reseller), 0, "the provider never heard of an action");
  assert.equal(sim.controls.server(svc.reseller)?.passwordResets, 0);
});

test("suspended services can be neither opened nor controlled; dedicated ones cannot be controlled", async () => {
  const a = await signUpAndIn(api);
  const suspended = await createService(a.user.id, { status: "suspended" });
  const get = await api.fetch(`/api/services/${suspended.id}`, { token: a.access_token });
  assert.equal(get.status, 403);
  assert.deepEqual(await errorOf(get), {
    code: "service_suspended",
    message: "This service is suspended",
  });
  const start = await act(a.access_token, suspended.id, "start");
  assert.equal(start.status, 403);
  assert.equal((await errorOf(start)).message, "This service is suspended");

  const dedicated = await createService(a.user.id, { type: "dedicated", cpu: "AMD EPYC 7543P" });
  assert.equal(
    (await api.fetch(`/api/services/${dedicated.id}`, { token: a.access_token })).status,
    200,
  );
  for (const [action, body] of [
    ["start"],
    ["stop"],
    ["restart"],
    ["reset-password", { password: "secret123" }],
  ] as const) {
    const res = await act(a.access_token, dedicated.id, action, body);
    assert.equal(res.status, 403, action);
    assert.deepEqual(await errorOf(res), {
      code: "service_not_controllable",
      message: "Control actions are only available for VPS services",
    });
  }
  assert.equal(serverCalls(suspended.reseller), 0);
  assert.equal(serverCalls(dedicated.reseller), 0);
});

test("start, stop and restart reach the provider's documented calls and change its power state", async () => {
  const a = await signUpAndIn(api);
  const svc = await createService(a.user.id);

  const stop = await act(a.access_token, svc.id, "stop");
  assert.equal(stop.status, 200);
  assert.deepEqual(await json(stop), { action: "stop", message: "Service stopped" });
  assert.equal(sim.controls.power(svc.reseller), "stopped");
  assert.equal((await act(a.access_token, svc.id, "start")).status, 200);
  assert.equal(sim.controls.power(svc.reseller), "running");
  assert.equal((await act(a.access_token, svc.id, "restart")).status, 200);
  assert.equal(sim.controls.power(svc.reseller), "running");
  // Restart is the provider's graceful reboot; Stop its graceful shutdown.
  assert.equal(sim.controls.calls("PUT", `/datacenter/server/${svc.reseller}/reboot`), 1);
  assert.equal(sim.controls.calls("PUT", `/datacenter/server/${svc.reseller}/shutdown`), 1);
  // The provider refuses to reboot a stopped server: Restart then starts it.
  await act(a.access_token, svc.id, "stop");
  assert.equal(sim.controls.power(svc.reseller), "stopped");
  assert.equal((await act(a.access_token, svc.id, "restart")).status, 200);
  assert.equal(sim.controls.power(svc.reseller), "running");
  assert.notEqual(sim.token, "", "a generated token, never empty");

  const audit = await api.sql<{ action: string }[]>`
    select action from audit_log where entity_id = ${svc.id} order by id`;
  assert.deepEqual(
    audit.map((r) => r.action),
    ["service.stop", "service.start", "service.restart", "service.stop", "service.restart"],
  );

  const bad = await act(a.access_token, svc.id, "explode");
  assert.equal(bad.status, 422);
});

test("the provider's error field, a 500, a timeout and an unknown server each become 'Failed to {action} service'", async () => {
  const a = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  const path = `/datacenter/server/${svc.reseller}/**`;
  const cases: [() => void, string, string, boolean][] = [
    [
      () => sim.controls.refuse({ path }, "0x07: Node is locked", 1),
      "start",
      "Failed to start service",
      false,
    ],
    [() => sim.controls.status({ path }, 500, 1), "stop", "Failed to stop service", false],
    [() => sim.controls.hang({ path }, 1), "restart", "Failed to restart service", true],
  ];
  for (const [inject, action, message, hangs] of cases) {
    inject();
    const started = performance.now();
    const res = await act(a.access_token, svc.id, action);
    const took = performance.now() - started;
    sim.controls.clearFaults();
    assert.equal(res.status, 502, action);
    assert.deepEqual(await errorOf(res), { code: "provider_failed", message });
    if (hangs) assert.ok(took < 1400, `the timeout cut the call short (${Math.round(took)} ms)`);
  }
  const unknown = await createService(a.user.id, { reseller: 900_123 });
  const res = await act(a.access_token, unknown.id, "start");
  assert.equal(res.status, 502);
  assert.equal((await errorOf(res)).message, "Failed to start service");
});

test("a wrong bearer token at a configured provider is a failure, not a success", async () => {
  const real = await startProviderSim({ token: "the-real-token" });
  const other = await startTestApi({
    SERVER_PROVIDER_URL: real.url,
    SERVER_PROVIDER_TOKEN: "a-wrong-token",
  });
  try {
    assert.equal(other.providerSim, undefined, "a configured provider starts no simulator");
    const a = await signUpAndIn(other);
    const server = real.controls.addServer({
      template: "Debian12",
      cpuCores: 1,
      memoryMb: 2048,
      diskGb: 40,
      ipv4Count: 1,
    });
    const [row] = await other.sql<{ id: string }[]>`
      insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id)
      values (${a.user.id}, 'vps', '203.0.113.11', '2', '1', '40', ${server.vmId}) returning id`;
    const res = await other.fetch(`/api/services/${row!.id}/actions/stop`, {
      method: "POST",
      token: a.access_token,
    });
    assert.equal(res.status, 502);
    assert.equal((await errorOf(res)).message, "Failed to stop service");
    assert.equal(real.controls.power(server.vmId), "running", "the server was not stopped");
  } finally {
    await other.close();
    await real.close();
  }
});

test("password reset: the account password rules apply and the password never reaches a log", async () => {
  const a = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  const short = await act(a.access_token, svc.id, "reset-password", { password: "12345" });
  assert.equal(short.status, 422);
  assert.equal((await errorOf(short)).message, "Password must be at least 6 characters");
  assert.equal((await act(a.access_token, svc.id, "reset-password", {})).status, 422);
  assert.equal(sim.controls.server(svc.reseller)?.passwordResets, 0);

  const secret = `Zq9-${crypto.randomUUID()}`;
  const failing = `Fx7-${crypto.randomUUID()}`;
  const captured: string[] = [];
  const originals = {
    log: console.log,
    error: console.error,
    warn: console.warn,
    info: console.info,
    debug: console.debug,
  };
  for (const k of Object.keys(originals) as (keyof typeof originals)[]) {
    console[k] = (...args: unknown[]) => {
      captured.push(args.map(String).join(" "));
    };
  }
  let ok: Response;
  let failed: Response;
  try {
    ok = await act(a.access_token, svc.id, "reset-password", { password: secret });
    sim.controls.refuse(
      { path: `/datacenter/server/${svc.reseller}/**` },
      "0x09: Password policy violated",
      1,
    );
    failed = await act(a.access_token, svc.id, "reset-password", { password: failing });
  } finally {
    Object.assign(console, originals);
  }
  assert.equal(ok.status, 200);
  assert.deepEqual(await json(ok), {
    action: "reset-password",
    message: "Server password changed",
  });
  assert.equal(failed.status, 502);
  assert.equal((await errorOf(failed)).message, "Failed to change password service");
  assert.equal(sim.controls.server(svc.reseller)?.passwordResets, 1);

  // The request log and the failure warning did run (LOG_LEVEL permitting), without the password.
  const all = captured.join("\n");
  if ((Deno.env.get("LOG_LEVEL") ?? "info") === "info") {
    assert.match(all, /actions\/reset-password/, "the request log was captured");
    assert.match(all, /provider call failed/, "the failure warning was captured");
  }
  assert.ok(!all.includes(secret) && !all.includes(failing), "no password in console output");
  const [audit] = await api.sql<{ text: string }[]>`
    select coalesce(string_agg(concat_ws(' ', action, before::text, after::text), ' '), '') as text
    from audit_log where entity_id = ${svc.id}`;
  assert.ok(
    !audit!.text.includes(secret) && !audit!.text.includes(failing),
    "no password in the audit log",
  );
  assert.match(audit!.text, /service\.reset-password/);
});

test(`control actions are rate limited per service (${ACTION_LIMIT.max} per ${ACTION_LIMIT.windowSeconds} s)`, async () => {
  const a = await signUpAndIn(api);
  const svc = await createService(a.user.id);
  const second = await createService(a.user.id);
  const results = await Promise.all(
    Array.from({ length: ACTION_LIMIT.max + 5 }, () =>
      act(a.access_token, svc.id, "restart").then((r) => r.status),
    ),
  );
  assert.equal(results.filter((s) => s === 200).length, ACTION_LIMIT.max);
  assert.equal(results.filter((s) => s === 429).length, 5);
  const limited = await act(a.access_token, svc.id, "start");
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  assert.equal(
    (await act(a.access_token, second.id, "start")).status,
    200,
    "another service has its own budget",
  );
});
