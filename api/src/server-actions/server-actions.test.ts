import assert from "node:assert/strict";
import {
  type BackupList,
  confirmationText,
  type ReinstallState,
  type ReverseDnsList,
} from "../../contracts/server-actions.ts";
import {
  errorOf,
  json,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { type ProviderRunner, startProviderRunner } from "../provisioning/runner.ts";
import { providerRunnerDeps } from "../provisioning/setup.ts";

// Short jobs, polls and settle time so a reinstall (and a lost one) ends within seconds; a short
// provider timeout so the timeout case takes a fraction of a second.
const api: TestApi = await startTestApi({
  SERVER_PROVIDER_SIM_JOB_SECONDS: "0.2",
  PROVIDER_POLL_MS: "50",
  SERVER_PROVIDER_CREATE_SETTLE_SECONDS: "5",
  SERVER_PROVIDER_TIMEOUT_MS: "500",
});
globalThis.addEventListener("unload", () => void api.close());
const sim = api.providerSim!;
const c = sim.controls;

async function vps(
  userId: string,
  fields: { type?: "vps" | "dedicated"; status?: "active" | "suspended"; ips?: number } = {},
) {
  const server = c.addServer({
    template: "Debian12",
    cpuCores: 2,
    memoryMb: 4096,
    diskGb: 80,
    ipv4Count: fields.ips ?? 1,
  });
  const [row] = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    values (${userId}, ${fields.type ?? "vps"}, ${fields.status ?? "active"}, ${server.ipv4[0]!},
      '4', '2', '80', ${server.vmId})
    returning id`;
  return { id: row!.id, vmId: server.vmId, ipv4: server.ipv4 };
}

const call = (token: string, method: string, path: string, body?: unknown) =>
  api.fetch(path, { method, token, json: body });

/** Every new route with a body that would pass validation for the service `id`. */
const routes = (id: string, ip = "198.18.0.1") =>
  [
    ["GET", `/api/services/${id}/templates`],
    ["GET", `/api/services/${id}/reinstall`],
    ["POST", `/api/services/${id}/reinstall`, { template: "Debian11", confirm: id.slice(0, 8) }],
    ["POST", `/api/services/${id}/console`],
    ["GET", `/api/services/${id}/reverse-dns`],
    ["PUT", `/api/services/${id}/reverse-dns`, { ip, hostname: "mail.example.com" }],
    ["GET", `/api/services/${id}/backups`],
    ["POST", `/api/services/${id}/backups`],
    ["POST", `/api/services/${id}/backups/restore`, { backup: "1", confirm: id.slice(0, 8) }],
    ["POST", `/api/services/${id}/actions/force-stop`],
    ["POST", `/api/services/${id}/actions/force-restart`],
  ] as const;

/** Requests that reached the provider for one server (any method, any action). */
const serverCalls = (vmId: number) =>
  Object.entries(c.snapshot().calls)
    .filter(([key]) => key.includes(`/datacenter/server/${vmId}/`))
    .reduce((n, [, count]) => n + count, 0);

function runner(): ProviderRunner {
  return startProviderRunner({ ...providerRunnerDeps(api.deps), intervalMs: 25 });
}

async function reinstallState(token: string, id: string) {
  return (await json<ReinstallState>(await call(token, "GET", `/api/services/${id}/reinstall`)))
    .reinstall;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const reinstallsAtSim = (vmId: number) =>
  c.jobs().filter((j) => j.kind === "reinstall" && j.vmId === vmId).length;

test("every new route answers another user's service with 404 and changes nothing", async () => {
  const owner = await signUpAndIn(api);
  const other = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  const audits = async () =>
    (await api.sql`select 1 from audit_log where entity_id = ${svc.id}`).length;
  const auditsBefore = await audits();
  for (const [method, path, body] of routes(svc.id, svc.ipv4[0])) {
    const res = await call(other.access_token, method, path, body);
    assert.equal(res.status, 404, `${method} ${path}`);
    assert.deepEqual(await errorOf(res), {
      code: "not_found",
      message: "Service not found or access denied",
    });
  }
  assert.equal(serverCalls(svc.vmId), 0, "nothing reached the provider");
  assert.equal(
    (await api.sql`select 1 from provider_jobs where service_id = ${svc.id}`).length,
    0,
    "no job queued",
  );
  assert.equal(await audits(), auditsBefore);
  assert.deepEqual(c.server(svc.vmId)!.rdns, {});
  assert.equal(c.server(svc.vmId)!.power, "running");
});

test("suspended and dedicated services are refused with the spec's texts", async () => {
  const owner = await signUpAndIn(api);
  const suspended = await vps(owner.user.id, { status: "suspended" });
  const dedicated = await vps(owner.user.id, { type: "dedicated" });
  for (const [method, path, body] of routes(suspended.id)) {
    const res = await call(owner.access_token, method, path, body);
    assert.equal(res.status, 403, `${method} ${path}`);
    assert.equal((await errorOf(res)).message, "This service is suspended");
  }
  for (const [method, path, body] of routes(dedicated.id)) {
    const res = await call(owner.access_token, method, path, body);
    assert.equal(res.status, 403, `${method} ${path}`);
    assert.equal(
      (await errorOf(res)).message,
      "Control actions are only available for VPS services",
    );
  }
  assert.equal(serverCalls(suspended.vmId) + serverCalls(dedicated.vmId), 0);
});

test("reinstall: confirmed by the short id, one at a time, progress, new root password once", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  const t = owner.access_token;
  const templates = await json<{ templates: string[] }>(
    await call(t, "GET", `/api/services/${svc.id}/templates`),
  );
  assert.ok(templates.templates.includes("Ubuntu24.04"));

  const wrong = await call(t, "POST", `/api/services/${svc.id}/reinstall`, {
    template: "Ubuntu24.04",
    confirm: "nope",
  });
  assert.equal(wrong.status, 422);
  const unknown = await call(t, "POST", `/api/services/${svc.id}/reinstall`, {
    template: "TempleOS",
    confirm: confirmationText(svc.id),
  });
  assert.equal(unknown.status, 422);
  assert.equal(await reinstallState(t, svc.id), null);

  const body = { template: "Ubuntu24.04", confirm: confirmationText(svc.id) };
  const [first, second] = await Promise.all([
    call(t, "POST", `/api/services/${svc.id}/reinstall`, body),
    call(t, "POST", `/api/services/${svc.id}/reinstall`, body),
  ]);
  assert.deepEqual([first.status, second.status].sort(), [202, 409]);
  // Nothing else runs against a server being reinstalled.
  const stop = await call(t, "POST", `/api/services/${svc.id}/actions/force-stop`);
  assert.equal(stop.status, 409);
  assert.equal((await reinstallState(t, svc.id))!.state, "pending");

  const jobs = runner();
  try {
    const done = await until(
      () => reinstallState(t, svc.id),
      (r) => r?.state !== "pending",
    );
    assert.equal(done!.state, "done");
    assert.equal(done!.progress, 1);
  } finally {
    await jobs.stop();
  }
  assert.equal(reinstallsAtSim(svc.vmId), 1);
  assert.equal(c.server(svc.vmId)!.plan.template, "Ubuntu24.04");
  const reveal = await call(t, "POST", `/api/services/${svc.id}/root-password`);
  assert.equal(reveal.status, 200);
  const { password } = await json<{ password: string }>(reveal);
  const job = c.jobs().find((j) => j.kind === "reinstall" && j.vmId === svc.vmId)!;
  assert.equal(password, job.output!.password);
  assert.equal((await call(t, "POST", `/api/services/${svc.id}/root-password`)).status, 404);
  const audit = await api.sql<{ action: string }[]>`
    select action from audit_log where entity_id = ${svc.id} and action like 'service.reinstall%' order by id`;
  assert.deepEqual(
    audit.map((a) => a.action),
    ["service.reinstall", "service.reinstall.finished"],
  );
});

test("reinstall waits while a plan change of the server is being carried out", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  // A resize queued for this server (its job not yet due, so no runner takes it here).
  await api.sql`
    insert into provider_jobs (kind, service_id, vm_id, run_after)
    values ('change', ${svc.id}, ${svc.vmId}, now() + interval '1 hour')`;
  const body = { template: "Ubuntu24.04", confirm: confirmationText(svc.id) };
  const refused = await call(owner.access_token, "POST", `/api/services/${svc.id}/reinstall`, body);
  assert.equal(refused.status, 409);
  assert.equal(
    (await errorOf(refused)).message,
    "Wait until the plan change of this server has finished",
  );
  assert.equal(await reinstallState(owner.access_token, svc.id), null);
  await api.sql`delete from provider_jobs where service_id = ${svc.id} and kind = 'change'`;
  const started = await call(owner.access_token, "POST", `/api/services/${svc.id}/reinstall`, body);
  assert.equal(started.status, 202);
  await started.body?.cancel();
});

test("reinstall whose answer is lost runs once: the server is read back, a new password is set", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  // Long enough for the restart to stand out from a fresh server's uptime (whole seconds).
  c.setJobSeconds(3);
  c.loseAnswer({ method: "PUT", path: `/datacenter/server/${svc.vmId}/reinstall` });
  const res = await call(owner.access_token, "POST", `/api/services/${svc.id}/reinstall`, {
    template: "Rocky9",
    confirm: confirmationText(svc.id),
  });
  assert.equal(res.status, 202);
  const jobs = runner();
  try {
    const done = await until(
      () => reinstallState(owner.access_token, svc.id),
      (r) => r?.state !== "pending",
    );
    assert.equal(done!.state, "done");
  } finally {
    await jobs.stop();
    c.setJobSeconds(0.2);
  }
  assert.equal(reinstallsAtSim(svc.vmId), 1, "never sent a second time");
  assert.equal(c.server(svc.vmId)!.passwordResets, 1, "a password the customer can be shown");
  const reveal = await call(owner.access_token, "POST", `/api/services/${svc.id}/root-password`);
  assert.equal(reveal.status, 200);
});

test("reinstall answered with a 5xx that did nothing is sent again after the settle time", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  c.status({ method: "PUT", path: `/datacenter/server/${svc.vmId}/reinstall` }, 502);
  await call(owner.access_token, "POST", `/api/services/${svc.id}/reinstall`, {
    template: "Debian11",
    confirm: confirmationText(svc.id),
  });
  const jobs = runner();
  try {
    const done = await until(
      () => reinstallState(owner.access_token, svc.id),
      (r) => r?.state !== "pending",
    );
    assert.equal(done!.state, "done");
  } finally {
    await jobs.stop();
  }
  assert.equal(c.calls("PUT", `/datacenter/server/${svc.vmId}/reinstall`), 2);
  assert.equal(reinstallsAtSim(svc.vmId), 1);
  assert.equal(c.server(svc.vmId)!.plan.template, "Debian11");
});

test("a failed reinstall job ends failed and frees the service", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  c.failJobs(1);
  await call(owner.access_token, "POST", `/api/services/${svc.id}/reinstall`, {
    template: "Debian11",
    confirm: confirmationText(svc.id),
  });
  const jobs = runner();
  try {
    const done = await until(
      () => reinstallState(owner.access_token, svc.id),
      (r) => r?.state !== "pending",
    );
    assert.equal(done!.state, "failed");
  } finally {
    await jobs.stop();
  }
  const start = await call(owner.access_token, "POST", `/api/services/${svc.id}/actions/start`);
  assert.equal(start.status, 200);
});

test("console: a fresh noVNC address on every click, audited without the address; a time-out is 502", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  const res = await call(owner.access_token, "POST", `/api/services/${svc.id}/console`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const { url } = await json<{ url: string }>(res);
  const page = await fetch(url);
  assert.equal(page.status, 200);
  await page.body?.cancel();
  const [audit] = await api.sql<{ after: unknown }[]>`
    select after from audit_log where entity_id = ${svc.id} and action = 'service.console'`;
  assert.ok(audit);
  assert.ok(!JSON.stringify(audit).includes("token"));

  c.hang({ method: "GET", path: `/datacenter/server/${svc.vmId}/console` });
  const timedOut = await call(owner.access_token, "POST", `/api/services/${svc.id}/console`);
  assert.equal(timedOut.status, 502);
  assert.equal((await errorOf(timedOut)).message, "Failed to open the console");
});

test("reverse DNS: per IPv4, validated, empty resets to the default, a 5xx changes nothing", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id, { ips: 2 });
  const t = owner.access_token;
  const path = `/api/services/${svc.id}/reverse-dns`;
  const list = async () => await json<ReverseDnsList>(await call(t, "GET", path));
  assert.deepEqual(await list(), {
    entries: svc.ipv4.map((ip) => ({ ip, hostname: null })),
    reported: true,
  });
  const bad = await call(t, "PUT", path, { ip: svc.ipv4[0], hostname: "not a host" });
  assert.equal(bad.status, 422);
  const foreign = await call(t, "PUT", path, { ip: "10.0.0.1", hostname: "mail.example.com" });
  assert.equal(foreign.status, 422);
  assert.equal((await errorOf(foreign)).message, "This address does not belong to the server");

  const set = await call(t, "PUT", path, { ip: svc.ipv4[1], hostname: "Mail.Example.com" });
  assert.equal(set.status, 200);
  assert.deepEqual((await list()).entries[1], { ip: svc.ipv4[1], hostname: "mail.example.com" });

  c.status({ method: "POST", path: `/datacenter/server/${svc.vmId}/rdns` }, 503);
  const failed = await call(t, "PUT", path, { ip: svc.ipv4[1], hostname: "other.example.com" });
  assert.equal(failed.status, 502);
  assert.equal(c.server(svc.vmId)!.rdns[svc.ipv4[1]!], "mail.example.com");

  const reset = await call(t, "PUT", path, { ip: svc.ipv4[1], hostname: "" });
  assert.equal(reset.status, 200);
  assert.deepEqual((await list()).entries[1], { ip: svc.ipv4[1], hostname: null });
});

test("backups: newest first, one operation at a time, restore confirmed, a lost answer read back", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  const t = owner.access_token;
  const path = `/api/services/${svc.id}/backups`;
  const list = async () => await json<BackupList>(await call(t, "GET", path));
  c.setBackupSeconds(0);
  assert.equal((await call(t, "POST", path)).status, 202);
  assert.equal((await call(t, "POST", path)).status, 202);
  const two = await list();
  assert.equal(two.backups.length, 2);
  assert.ok(two.backups[0]!.id > two.backups[1]!.id, "newest first");
  assert.ok(two.backups[0]!.created_at);

  c.setBackupSeconds(1);
  try {
    const [a, b] = await Promise.all([call(t, "POST", path), call(t, "POST", path)]);
    assert.deepEqual([a.status, b.status].sort(), [202, 409]);
    const running = await list();
    assert.equal(running.running, true);
    assert.equal(running.status, "running");
    const restoreWhileRunning = await call(t, "POST", `${path}/restore`, {
      backup: two.backups[1]!.id,
      confirm: confirmationText(svc.id),
    });
    assert.equal(restoreWhileRunning.status, 409);
    await until(list, (l) => !l.running);

    const unconfirmed = await call(t, "POST", `${path}/restore`, {
      backup: two.backups[1]!.id,
      confirm: "x",
    });
    assert.equal(unconfirmed.status, 422);
    assert.equal(c.server(svc.vmId)!.restores, 0);
    const restore = await call(t, "POST", `${path}/restore`, {
      backup: two.backups[1]!.id,
      confirm: confirmationText(svc.id),
    });
    assert.equal(restore.status, 202);
    assert.equal(c.server(svc.vmId)!.restores, 1);
    await until(list, (l) => !l.running);

    // The create is carried out but its answer lost: reading back shows it running: done, once.
    c.loseAnswer({ method: "PUT", path: `/datacenter/server/${svc.vmId}/backups/create` });
    const lost = await call(t, "POST", path);
    assert.equal(lost.status, 202);
    await until(list, (l) => !l.running);
    assert.equal((await list()).backups.length, 4);
    assert.equal(c.calls("PUT", `/datacenter/server/${svc.vmId}/backups/create`), 4);
  } finally {
    c.setBackupSeconds(0);
  }
  const actions = await api.sql<{ action: string }[]>`
    select action from audit_log where entity_id = ${svc.id} and action like 'service.backup%'`;
  assert.equal(actions.filter((a) => a.action === "service.backup.create").length, 4);
  assert.equal(actions.filter((a) => a.action === "service.backup.restore").length, 1);
});

test("forced power: force-stop cuts the power, force-restart resets, both audited", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  const t = owner.access_token;
  const restart = await call(t, "POST", `/api/services/${svc.id}/actions/force-restart`);
  assert.equal(restart.status, 200);
  assert.equal(c.calls("PUT", `/datacenter/server/${svc.vmId}/reboot/force`), 1);
  const stop = await call(t, "POST", `/api/services/${svc.id}/actions/force-stop`);
  assert.equal(stop.status, 200);
  assert.equal(c.calls("PUT", `/datacenter/server/${svc.vmId}/stop`), 1);
  assert.equal(c.calls("PUT", `/datacenter/server/${svc.vmId}/shutdown`), 0);
  assert.equal(c.server(svc.vmId)!.power, "stopped");
  const audit = await api.sql<{ action: string }[]>`
    select action from audit_log where entity_id = ${svc.id} order by id`;
  assert.deepEqual(
    audit.map((a) => a.action),
    ["service.force-restart", "service.force-stop"],
  );
});

test("the new actions share the service's action limit", async () => {
  const owner = await signUpAndIn(api);
  const svc = await vps(owner.user.id);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    statuses.push(
      (await call(owner.access_token, "POST", `/api/services/${svc.id}/console`)).status,
    );
  }
  assert.equal(statuses.filter((s) => s === 200).length, 10);
  assert.equal(statuses.at(-1), 429);
  const rdns = await call(owner.access_token, "PUT", `/api/services/${svc.id}/reverse-dns`, {
    ip: svc.ipv4[0],
    hostname: "a.example.com",
  });
  assert.equal(rdns.status, 429);
  assert.deepEqual(c.server(svc.vmId)!.rdns, {});
});
