import assert from "node:assert/strict";
import http from "node:http";
import {
  FIRST_VM_ID,
  providerSimClient,
  SIM_TEMPLATES,
  type SimServer,
  startProviderSim,
} from "./provider.ts";

/**
 * The simulator's answers against docs/hosterapi.md (the provider's pages, its PHP client, reseller
 * panels): the envelope, jobs, the create output, status figures, the 0x01 error; and its faults
 * and control routes. Requests go through node:http on a connection of their own: Deno's fetch
 * would send a request again when the simulator drops the connection on purpose.
 */

/**
 * testing.ts's `test` (Deno.test without the op and resource sanitizers, which a shared simulator
 * trips), kept here so these tests do not load the whole API.
 */
const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });

const TOKEN = "1|simTestToken0123456789012345678901234567";
const sim = await startProviderSim({ token: TOKEN, jobSeconds: 0 });
globalThis.addEventListener("unload", () => void sim.close());
const c = sim.controls;

type Raw =
  | { kind: "answer"; status: number; text: string; json: unknown; type: string }
  | { kind: "lost" }
  | { kind: "timeout" };

function raw(
  method: string,
  url: string,
  opts: { body?: unknown; token?: string | null; timeoutMs?: number } = {},
): Promise<Raw> {
  return new Promise((resolve) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const token = opts.token === undefined ? TOKEN : opts.token;
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          clearTimeout(timer);
          resolve({
            kind: "answer",
            status: res.statusCode ?? 0,
            text,
            json,
            type: String(res.headers["content-type"]),
          });
        });
      },
    );
    const timer = setTimeout(() => {
      resolve({ kind: "timeout" });
      req.destroy();
    }, opts.timeoutMs ?? 2000);
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ kind: "lost" });
    });
    req.end(body);
  });
}

const api = (method: string, path: string, opts: Parameters<typeof raw>[2] = {}) =>
  raw(method, sim.url + path, opts);

/** The documented success envelope: `{"result": ...}`, HTTP 200. */
async function result<T = unknown>(p: Promise<Raw>): Promise<T> {
  const r = await p;
  assert.equal(r.kind, "answer");
  if (r.kind !== "answer") throw new Error("no answer");
  assert.equal(r.status, 200, r.text);
  assert.match(r.type, /application\/json/);
  const body = r.json as { result: T; error?: unknown };
  assert.ok(body && "result" in body, r.text);
  assert.equal(body.error, undefined, r.text);
  return body.result;
}

/** The documented error envelope: `{"result": false, "error": "0x<hex>: <message>"}`. */
async function refusal(p: Promise<Raw>, pattern?: RegExp): Promise<string> {
  const r = await p;
  if (r.kind !== "answer") throw new Error(`no answer: ${r.kind}`);
  const body = r.json as { result: unknown; error: string };
  assert.equal(body.result, false, r.text);
  assert.match(body.error, /^0x[0-9a-f]{2}: \S/);
  if (pattern) assert.match(body.error, pattern);
  return body.error;
}

const plan = {
  template: "Debian12",
  cpuCores: 2,
  memoryMb: 2048,
  diskGb: 20,
  ipv4Count: 1,
};
const createBody = { template: "Debian12", cpuCores: 2, mem: 2048, disk: "20G", ipCount: 1 };

/** Creates a server through the API (jobSeconds 0: finished at the next request). */
async function created(body: Record<string, unknown> = createBody) {
  const { jobId } = await result<{ jobId: number }>(api("POST", "/datacenter/server", { body }));
  const job = await result<{ status: string; output: { vmid: number; ips: string[] } }>(
    api("GET", `/job/${jobId}`),
  );
  assert.equal(job.status, "finished");
  return job.output;
}

const inPool = (ip: string) => /^198\.(18|19)\.\d{1,3}\.\d{1,3}$/.test(ip);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("the bearer token is checked like Laravel Sanctum: 401 without an error key", async () => {
  for (const token of [null, "1|wrong"]) {
    const r = await api("GET", "/datacenter/templates", { token });
    assert.equal(r.kind === "answer" && r.status, 401);
    assert.deepEqual(r.kind === "answer" && r.json, { message: "Unauthenticated." });
    const control = await raw("GET", `${sim.controlUrl}/state`, { token });
    assert.equal(control.kind === "answer" && control.status, 401);
  }
  const before = c.createRequests;
  await api("POST", "/datacenter/server", { token: "1|wrong", body: createBody });
  assert.equal(c.createRequests, before, "an unauthenticated create is not counted");
});

test("templates: a list of names in the envelope", async () => {
  const templates = await result<string[]>(api("GET", "/datacenter/templates"));
  assert.deepEqual(templates, [...SIM_TEMPLATES]);
});

test("a create is a job: queued (0), executing (0.33 and up), finished (1) with vmid, password, ips", async () => {
  c.setJobSeconds(0.9);
  try {
    const before = c.servers().length;
    const started = performance.now();
    const { jobId } = await result<{ jobId: number }>(
      api("POST", "/datacenter/server", { body: { ...createBody, ipCount: 2 } }),
    );
    assert.equal(typeof jobId, "number");
    type Job = { status: string; progress: number; output: unknown };
    const first = await result<Job>(api("GET", `/job/${jobId}`));
    assert.deepEqual(first, { status: "queued", progress: 0, output: null });
    assert.equal(c.servers().length, before, "no server before the job has finished");
    assert.deepEqual(
      await result<unknown[]>(api("GET", "/datacenter/server")),
      c.servers().map((s) => ({
        vmid: s.vmId,
        template: s.plan.template,
        cpuCores: s.plan.cpuCores,
        mem: s.plan.memoryMb,
        disk: `${s.plan.diskGb}G`,
        ips: s.ipv4,
        state: s.power,
      })),
    );

    await sleep(Math.max(0, 450 - (performance.now() - started)));
    const middle = await result<Job>(api("GET", `/job/${jobId}`));
    assert.equal(middle.status, "executing");
    assert.ok(middle.progress >= 0.33 && middle.progress < 1, String(middle.progress));
    assert.equal(middle.output, null);
    assert.equal(c.servers().length, before);

    await sleep(Math.max(0, 950 - (performance.now() - started)));
    const done = await result<{
      status: string;
      progress: number;
      output: { vmid: number; password: string; ips: string[]; ipsv6: string[] };
    }>(api("GET", `/job/${jobId}`));
    assert.equal(done.status, "finished");
    assert.equal(done.progress, 1);
    assert.deepEqual(Object.keys(done.output).sort(), ["ips", "ipsv6", "password", "vmid"]);
    assert.ok(done.output.vmid >= FIRST_VM_ID);
    assert.match(done.output.password, /^\S{12,}$/);
    assert.equal(done.output.ips.length, 2);
    assert.ok(done.output.ips.every(inPool));
    assert.deepEqual(done.output.ipsv6, []);

    const server = c.server(done.output.vmid)!;
    assert.deepEqual(server.plan, { ...plan, ipv4Count: 2 });
    assert.deepEqual(server.ipv4, done.output.ips);
    assert.equal(server.power, "running");
    const list = await result<{ vmid: number }[]>(api("GET", "/datacenter/server"));
    assert.ok(list.some((s) => s.vmid === done.output.vmid));
  } finally {
    c.setJobSeconds(0);
  }
});

test("VM ids increase; servers exist only after their job (and not before it)", async () => {
  const a = await created();
  const b = await created();
  assert.ok(b.vmid > a.vmid);
  const next = b.vmid + 1;
  await refusal(
    api("GET", `/datacenter/server/${next}/status`),
    new RegExp(`^0x01: no vm with id ${next} found$`),
  );
});

test("unknown VMs: 0x01 on every server route", async () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "status"],
    ["GET", "console"],
    ["PUT", "start"],
    ["PUT", "shutdown"],
    ["PUT", "stop"],
    ["PUT", "reboot"],
    ["PUT", "reboot/force"],
    ["PUT", "password/reset"],
    ["PUT", "reinstall", { template: "Debian12" }],
    ["PUT", "change", { cpuCores: 4 }],
    ["POST", "rdns", { ip: "198.18.0.1", hostname: "a.example.com" }],
    ["GET", "backups/list"],
    ["PUT", "backups/create"],
    ["POST", "backups/restore", { backup: 1 }],
    ["POST", "delete", { force: true }],
  ];
  for (const [method, action, body] of routes) {
    for (const id of [4010, 999_999, "abc"]) {
      const error = await refusal(api(method, `/datacenter/server/${id}/${action}`, { body }));
      assert.equal(error, `0x01: no vm with id ${id} found`, `${method} ${action}`);
    }
  }
  await refusal(api("GET", "/job/987654"), /^0x05: /);
  const missing = await api("GET", "/datacenter/nothing");
  assert.equal(missing.kind === "answer" && missing.status, 404);
});

test("a create or reinstall with an unknown template, or bad sizes, is refused", async () => {
  const before = c.jobs().length;
  await refusal(
    api("POST", "/datacenter/server", { body: { ...createBody, template: "Windows95" } }),
    /template Windows95 not found/,
  );
  for (const bad of [
    { disk: 20 },
    { disk: "20GB" },
    { mem: "lots" },
    { cpuCores: 0 },
    { ipCount: -1 },
    { template: undefined },
  ]) {
    await refusal(api("POST", "/datacenter/server", { body: { ...createBody, ...bad } }));
  }
  assert.equal(c.jobs().length, before, "no job for a refused create");
  const { vmid } = await created();
  await refusal(
    api("PUT", `/datacenter/server/${vmid}/reinstall`, { body: { template: "Windows95" } }),
    /template/,
  );
});

test("status: the documented fields, plausible and moving; stopped: cpu 0, uptime 0", async () => {
  const { vmid } = await created();
  type Status = {
    cpu: number;
    mem: number;
    memfree: number;
    netin: number;
    netout: number;
    uptime: number;
    state: string;
  };
  const first = await result<Status>(api("GET", `/datacenter/server/${vmid}/status`));
  assert.deepEqual(Object.keys(first).sort(), [
    "cpu",
    "mem",
    "memfree",
    "netin",
    "netout",
    "state",
    "uptime",
  ]);
  assert.equal(first.state, "running");
  assert.ok(first.cpu >= 0 && first.cpu <= 1);
  assert.ok(first.mem > 0 && first.memfree > 0);
  assert.equal(first.mem + first.memfree, 2048 * 1024 * 1024);
  assert.ok(Number.isInteger(first.uptime) && first.uptime >= 0);
  await sleep(60);
  const later = await result<Status>(api("GET", `/datacenter/server/${vmid}/status`));
  assert.ok(later.netin > first.netin && later.netout > first.netout, "traffic accumulates");

  await result(api("PUT", `/datacenter/server/${vmid}/stop`));
  const stopped = await result<Status>(api("GET", `/datacenter/server/${vmid}/status`));
  assert.equal(stopped.state, "stopped");
  assert.equal(stopped.cpu, 0);
  assert.equal(stopped.uptime, 0);
  assert.equal(stopped.mem + stopped.memfree, 2048 * 1024 * 1024);
});

test("power follows start, shutdown, stop, reboot and reboot/force", async () => {
  const { vmid } = await created();
  const put = (action: string) => result(api("PUT", `/datacenter/server/${vmid}/${action}`));
  assert.equal(c.power(vmid), "running");
  assert.equal(await put("shutdown"), true);
  assert.equal(c.power(vmid), "stopped");
  await refusal(api("PUT", `/datacenter/server/${vmid}/reboot`), /not running/);
  await refusal(api("PUT", `/datacenter/server/${vmid}/reboot/force`), /not running/);
  await put("start");
  assert.equal(c.power(vmid), "running");
  await put("start");
  assert.equal(c.power(vmid), "running", "starting a running server changes nothing");
  await put("reboot");
  await put("reboot/force");
  assert.equal(c.power(vmid), "running");
  await put("stop");
  assert.equal(c.power(vmid), "stopped");
  await put("stop");
  assert.equal(c.power(vmid), "stopped");
});

test("password reset: the wanted one, or a generated one without a body", async () => {
  const { vmid } = await created();
  const path = `/datacenter/server/${vmid}/password/reset`;
  assert.deepEqual(await result(api("PUT", path, { body: { password: "n3w-Secret!" } })), {
    password: "n3w-Secret!",
  });
  const generated = await result<{ password: string }>(api("PUT", path));
  assert.match(generated.password, /^\S{12,}$/);
  await refusal(api("PUT", path, { body: { password: "abc" } }), /password/);
  assert.equal(c.server(vmid)!.passwordResets, 2);
});

test("reinstall: a job whose output has a new password; the template changes", async () => {
  const { vmid, ips } = await created();
  const { jobId } = await result<{ jobId: number }>(
    api("PUT", `/datacenter/server/${vmid}/reinstall`, { body: { template: "Rocky9" } }),
  );
  const job = await result<{ status: string; output: Record<string, unknown> }>(
    api("GET", `/job/${jobId}`),
  );
  assert.equal(job.status, "finished");
  assert.equal(job.output.vmid, vmid);
  assert.equal(typeof job.output.password, "string");
  assert.deepEqual(job.output.ips, ips);
  assert.equal(c.server(vmid)!.plan.template, "Rocky9");
});

test("change: bigger sizes and more IPs; a smaller disk is refused", async () => {
  const { vmid } = await created();
  await result(
    api("PUT", `/datacenter/server/${vmid}/change`, {
      body: { cpuCores: 4, mem: 4096, disk: "40G", ipCount: 3 },
    }),
  );
  const s = c.server(vmid)!;
  assert.deepEqual(s.plan, { ...plan, cpuCores: 4, memoryMb: 4096, diskGb: 40, ipv4Count: 3 });
  assert.equal(s.ipv4.length, 3);
  await refusal(
    api("PUT", `/datacenter/server/${vmid}/change`, { body: { disk: "20G" } }),
    /^0x07: .*shrink/,
  );
  assert.equal(c.server(vmid)!.plan.diskGb, 40);
  await result(api("PUT", `/datacenter/server/${vmid}/change`, { body: { ipCount: 1 } }));
  assert.deepEqual(c.server(vmid)!.ipv4, s.ipv4.slice(0, 1));
});

test("rdns for the server's own addresses only", async () => {
  const { vmid, ips } = await created();
  const path = `/datacenter/server/${vmid}/rdns`;
  await result(api("POST", path, { body: { ip: ips[0], hostname: "vps1.example.com" } }));
  assert.deepEqual(c.server(vmid)!.rdns, { [ips[0]!]: "vps1.example.com" });
  await refusal(
    api("POST", path, { body: { ip: "10.0.0.1", hostname: "x.example.com" } }),
    /^0x08/,
  );
  await refusal(api("POST", path, { body: { ip: ips[0], hostname: "not a host" } }), /hostname/);
});

test("backups: list of Unix timestamps, create, restore by timestamp", async () => {
  const { vmid } = await created();
  const list = () => result<number[]>(api("GET", `/datacenter/server/${vmid}/backups/list`));
  assert.deepEqual(await list(), []);
  await result(api("PUT", `/datacenter/server/${vmid}/backups/create`));
  await result(api("PUT", `/datacenter/server/${vmid}/backups/create`));
  const backups = await list();
  assert.equal(backups.length, 2);
  assert.ok(backups[0]! < backups[1]!);
  assert.ok(Math.abs(backups[0]! - Date.now() / 1000) < 10, "a Unix timestamp in seconds");
  await result(
    api("POST", `/datacenter/server/${vmid}/backups/restore`, { body: { backup: backups[1] } }),
  );
  await result(
    api("POST", `/datacenter/server/${vmid}/backups/restore`, {
      body: { backup: String(backups[0]) },
    }),
  );
  assert.equal(c.server(vmid)!.restores, 2);
  await refusal(
    api("POST", `/datacenter/server/${vmid}/backups/restore`, { body: { backup: 123 } }),
    /^0x06/,
  );
});

test("console: a URL on the simulator with a short-lived token", async () => {
  const { vmid } = await created();
  const url = await result<string>(api("GET", `/datacenter/server/${vmid}/console`));
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/novnc\/\?vmid=\d+&token=\w+$/);
  const page = await raw("GET", url, { token: null });
  assert.equal(page.kind === "answer" && page.status, 200);
  const forged = await raw("GET", url.replace(/token=\w+/, "token=forged"), { token: null });
  assert.equal(forged.kind === "answer" && forged.status, 403);
});

test("delete: refused while running without force; releases the IPs", async () => {
  const { vmid, ips } = await created();
  const free = c.snapshot().freeIpv4;
  const path = `/datacenter/server/${vmid}/delete`;
  await refusal(api("POST", path, { body: { force: false } }), /^0x03: .*running/);
  assert.ok(c.server(vmid));
  await result(api("POST", path, { body: { force: true } }));
  assert.equal(c.server(vmid), undefined);
  assert.equal(c.snapshot().freeIpv4, free + ips.length);
  await refusal(api("GET", `/datacenter/server/${vmid}/status`), /^0x01/);
  const other = await created();
  await result(api("PUT", `/datacenter/server/${other.vmid}/shutdown`));
  await result(api("POST", `/datacenter/server/${other.vmid}/delete`, { body: { force: false } }));
});

test("the IPv4 pool (198.18.0.0/15) holds 500 servers at once with unique addresses", async () => {
  const local = await startProviderSim({ jobSeconds: 0 });
  try {
    assert.ok(local.controls.snapshot().freeIpv4 >= 100_000);
    const made: SimServer[] = [];
    for (let i = 0; i < 500; i++) made.push(local.controls.addServer({ ...plan, ipv4Count: 2 }));
    const ips = made.flatMap((s) => s.ipv4);
    assert.equal(new Set(ips).size, 1000);
    assert.ok(ips.every(inPool));
    assert.ok(ips.every((ip) => !/\.(0|255)$/.test(ip)));
    assert.equal(made[0]!.vmId, FIRST_VM_ID);
    assert.equal(made[499]!.vmId, FIRST_VM_ID + 499);
  } finally {
    await local.close();
  }
});

test("fault loseAnswer: the work is done, the connection closes with no answer", async () => {
  const before = { creates: c.createRequests, jobs: c.jobs().length };
  c.loseAnswer({ method: "POST", path: "/datacenter/server" });
  const lost = await api("POST", "/datacenter/server", { body: createBody });
  assert.equal(lost.kind, "lost");
  assert.equal(c.createRequests, before.creates + 1);
  const jobs = c.jobs();
  assert.equal(jobs.length, before.jobs + 1, "the create job was started");
  const vmId = jobs.at(-1)!.vmId;
  assert.ok(vmId && c.server(vmId), "and its server exists");
  // Only the next matching request: the following one is answered.
  await created();
});

test("fault status: a bare 5xx (no JSON, no error key) and nothing done", async () => {
  const { vmid } = await created();
  c.status({ method: "PUT", path: "/datacenter/server/*/shutdown" }, 503, 2);
  for (let i = 0; i < 2; i++) {
    const r = await api("PUT", `/datacenter/server/${vmid}/shutdown`);
    assert.equal(r.kind === "answer" && r.status, 503);
    assert.equal(r.kind === "answer" && r.json, undefined);
  }
  assert.equal(c.power(vmid), "running");
  await result(api("PUT", `/datacenter/server/${vmid}/shutdown`));
  assert.equal(c.power(vmid), "stopped");
});

test("fault hang: no answer and nothing done", async () => {
  const { vmid } = await created();
  c.hang({ path: "/datacenter/server/*/stop" });
  const r = await api("PUT", `/datacenter/server/${vmid}/stop`, { timeoutMs: 200 });
  assert.equal(r.kind, "timeout");
  assert.equal(c.power(vmid), "running");
});

test("fault slow: answers late, with the work done", async () => {
  const { vmid } = await created();
  c.slow({ method: "PUT", path: "/datacenter/server/**" }, 250);
  const started = performance.now();
  await result(api("PUT", `/datacenter/server/${vmid}/stop`));
  assert.ok(performance.now() - started >= 240);
  assert.equal(c.power(vmid), "stopped");
});

test("fault refuse: an error key, nothing done; matching is by method and path", async () => {
  const { vmid } = await created();
  c.refuse({ method: "PUT", path: `/datacenter/server/${vmid}/stop` }, "0x33: host node busy");
  // Other methods and paths are not affected.
  await result(api("GET", `/datacenter/server/${vmid}/status`));
  assert.equal(
    await refusal(api("PUT", `/datacenter/server/${vmid}/stop`)),
    "0x33: host node busy",
  );
  assert.equal(c.power(vmid), "running");
  c.fault({ kind: "refuse", path: "/datacenter/templates", status: 500 });
  const r = await api("GET", "/datacenter/templates");
  assert.equal(r.kind === "answer" && r.status, 500);
  assert.match(r.kind === "answer" ? (r.json as { error: string }).error : "", /^0x10: /);
});

test("fault garble: the work is done, the 200 answer is not JSON", async () => {
  const before = c.jobs().length;
  c.fault({ kind: "garble", method: "POST", path: "/datacenter/server" });
  const r = await api("POST", "/datacenter/server", { body: createBody });
  assert.equal(r.kind === "answer" && r.status, 200);
  assert.equal(r.kind === "answer" && r.json, undefined);
  assert.equal(c.jobs().length, before + 1);
});

test("failJobs: the next create and reinstall jobs end failed, with no server", async () => {
  const { vmid } = await created();
  const servers = c.servers().length;
  c.failJobs(2);
  const create = await result<{ jobId: number }>(
    api("POST", "/datacenter/server", { body: createBody }),
  );
  const reinstall = await result<{ jobId: number }>(
    api("PUT", `/datacenter/server/${vmid}/reinstall`, { body: { template: "AlmaLinux9" } }),
  );
  for (const { jobId } of [create, reinstall]) {
    const job = await result<{ status: string; progress: number; output: unknown }>(
      api("GET", `/job/${jobId}`),
    );
    assert.equal(job.status, "failed");
    assert.ok(job.progress >= 0 && job.progress <= 1);
    assert.equal((job.output as { vmid?: unknown } | null)?.vmid, undefined);
  }
  assert.equal(c.servers().length, servers);
  assert.equal(c.server(vmid)!.plan.template, "Debian12");
  await created();
});

test("counters: create requests and calls per method and path", async () => {
  const creates = c.createRequests;
  const { vmid } = await created();
  await api("GET", `/datacenter/server/${vmid}/status`);
  await api("GET", `/datacenter/server/${vmid}/status`);
  assert.equal(c.createRequests, creates + 1);
  assert.equal(c.calls("GET", `/datacenter/server/${vmid}/status`), 2);
  assert.equal(c.calls("PUT", `/datacenter/server/${vmid}/start`), 0);
  assert.equal(c.snapshot().calls[`GET /datacenter/server/${vmid}/status`], 2);
});

test("control routes over HTTP (another process): token, faults, jobs, servers, state", async () => {
  const remote = providerSimClient(sim.url, TOKEN);
  await assert.rejects(providerSimClient(sim.url, "1|wrong").snapshot(), /401/);
  const made = await remote.addServer({ ...plan, ipv4Count: 2 }, { power: "stopped" });
  assert.equal(made.power, "stopped");
  assert.equal((await remote.server(made.vmId))?.ipv4.length, 2);
  assert.equal(await remote.server(1), undefined);

  await remote.fault({ kind: "status", method: "PUT", path: "/datacenter/server/*/start" });
  const r = await api("PUT", `/datacenter/server/${made.vmId}/start`);
  assert.equal(r.kind === "answer" && r.status, 503);
  assert.equal(c.power(made.vmId), "stopped");

  await remote.setJobSeconds(5);
  assert.equal(c.jobSeconds, 5);
  await remote.setJobSeconds(0);
  await remote.failJobs(3);
  assert.equal((await remote.snapshot()).failJobs, 3);
  await remote.fault({ kind: "hang", path: "/never" });
  await remote.clearFaults();
  const state = await remote.snapshot();
  assert.equal(state.failJobs, 0);
  assert.deepEqual(state.faults, []);
  assert.ok(state.servers.some((s) => s.vmId === made.vmId));
  assert.equal(state.createRequests, c.createRequests);
  await assert.rejects(remote.fault({ kind: "nonsense" as "hang" }), /400/);
});

test("statePath: servers, jobs and next ids survive a restart", async () => {
  const dir = await Deno.makeTempDir();
  const statePath = `${dir}/provider.json`;
  try {
    const first = await startProviderSim({ jobSeconds: 0, statePath });
    const a = first.controls.addServer({ ...plan, ipv4Count: 2 });
    first.controls.addServer(plan, { power: "stopped" });
    await first.close();
    assert.equal((await Deno.stat(statePath)).mode! & 0o777, 0o600);

    const second = await startProviderSim({ jobSeconds: 0, statePath });
    try {
      assert.deepEqual(second.controls.server(a.vmId), a);
      assert.equal(second.controls.power(a.vmId + 1), "stopped");
      const b = second.controls.addServer(plan);
      assert.equal(b.vmId, a.vmId + 2);
      assert.ok(!a.ipv4.includes(b.ipv4[0]!), "addresses in use are not handed out again");
    } finally {
      await second.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
