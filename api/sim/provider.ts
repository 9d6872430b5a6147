import http from "node:http";
import type { Socket } from "node:net";
import type { ServerPlan } from "../src/platform/ports.ts";

/**
 * A HosterAPI simulator (the server provider's reseller API, as its public pages, the
 * hosterapi-php client and open-source reseller panels show it): the same paths under `/api/v1`,
 * the same envelope (`{"result": ...}`, `{"result": false, "error": "0x01: no vm with id N found"}`),
 * bearer tokens answered like Laravel Sanctum (401 `{"message": "Unauthenticated."}`), and jobs
 * that move queued → executing → finished with a 0-1 progress. Servers exist only once their
 * create job has finished; their IPv4 addresses come from 198.18.0.0/15 (RFC 2544's benchmarking
 * range, never routed).
 *
 * Where the provider's behaviour is unknown (docs/hosterapi.md, "What no source answers") it chooses
 * the stricter reading: refusals answer HTTP 200 with an `error` key (an API client must look at
 * the key, not the status), failure statuses are `failed`, power actions answer `{"result": true}`
 * at once.
 *
 * Tests steer it through `controls` (in process) or the `/__sim/` routes (another process; same
 * bearer token): job time, failed jobs, and faults on the next N requests matching a method and
 * path: the answer lost after the work is done (TCP close, no HTTP answer), a bare 5xx, no answer
 * at all, a delay, a refusal. It is served through node:http because Deno.serve cannot drop a
 * connection without answering.
 *
 * It never logs, and keeps no password but those its jobs report: request bodies carry them.
 */

export const SIM_TEMPLATES = [
  "Debian12",
  "Debian11",
  "Ubuntu24.04",
  "Ubuntu22.04",
  "AlmaLinux9",
  "Rocky9",
  "Windows2022",
] as const;

/** The API's path below the simulator's origin, as on the provider (…/api/v1). */
export const SIM_BASE_PATH = "/api/v1";
export const FIRST_VM_ID = 4000;
const JOB_RETENTION_MS = 7 * 24 * 3600_000;

export type SimPowerState = "running" | "stopped";

export interface SimServer {
  vmId: number;
  /** The current template and sizes (memory MB, disk GB), as created, reinstalled or changed. */
  plan: ServerPlan;
  power: SimPowerState;
  ipv4: string[];
  /** Reverse DNS by IP. */
  rdns: Record<string, string>;
  /** Backup ids: Unix timestamps, oldest first. */
  backups: number[];
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms of the last start, null while stopped. */
  startedAt: number | null;
  passwordResets: number;
  restores: number;
  /**
   * The backup create or restore under way, until `until` (epoch ms); null when none. Older
   * state files lack it.
   */
  backupOp?: { kind: "create" | "restore"; until: number } | null;
}

export interface SimJob {
  id: number;
  kind: "create" | "reinstall";
  /** Epoch ms. */
  createdAt: number;
  /** How long the job takes, fixed when it starts. */
  seconds: number;
  /** Decided when it starts (`failJobs`). */
  willFail: boolean;
  /** A create's plan; a reinstall's template (other sizes unused). */
  plan: ServerPlan;
  /** A reinstall's server; a create's once it is finished. */
  vmId: number | null;
  outcome: "finished" | "failed" | null;
  /** Progress when the job failed. */
  failedProgress: number | null;
  output: Record<string, unknown> | null;
}

/** Which requests a fault applies to. Paths are relative to the API base (`/datacenter/server`). */
export interface SimMatch {
  /** GET, POST, PUT; any when unset. */
  method?: string;
  /** `*` matches one path segment, `**` anything; any path when unset. */
  path?: string;
}

export type SimFaultKind = "loseAnswer" | "status" | "hang" | "slow" | "refuse" | "garble";

export interface SimFault extends SimMatch {
  /**
   * - loseAnswer: the request is carried out, then the connection is closed with no answer.
   * - status: answers `status` (default 503) with an HTML body, doing nothing.
   * - hang: never answers, doing nothing (the connection stays open until the client leaves).
   * - slow: waits `delayMs`, then carries the request out and answers.
   * - refuse: answers `{"result": false, "error": ...}` (HTTP `status`, default 200), doing nothing.
   * - garble: carries the request out, then answers 200 with a body that is not JSON.
   */
  kind: SimFaultKind;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  status?: number;
  delayMs?: number;
  error?: string;
}

export interface ProviderSimOptions {
  /** Bearer token the simulator accepts (default: a random one). */
  token?: string;
  /** 0 (default): a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  hostname?: string;
  /** How long create and reinstall jobs take (default 3; 0: finished on the next request). */
  jobSeconds?: number;
  /** How long a backup create or restore runs (default 0: done at once). */
  backupSeconds?: number;
  /** Servers, jobs and next ids are loaded from and saved to this JSON file. */
  statePath?: string;
  /** HTTP status of the simulator's own refusals (default 200; the provider does not document it). */
  errorStatus?: number;
  templates?: readonly string[];
}

export interface SimSnapshot {
  jobSeconds: number;
  createRequests: number;
  /** Requests per `METHOD /path` (ids included), authenticated ones only. */
  calls: Record<string, number>;
  servers: SimServer[];
  jobs: SimJob[];
  faults: SimFault[];
  failJobs: number;
  /** IPv4 addresses left in the pool. */
  freeIpv4: number;
}

export interface ProviderSimControls {
  /** Job time for jobs started from now on. */
  setJobSeconds(seconds: number): void;
  /** How long backup creates and restores started from now on run. */
  setBackupSeconds(seconds: number): void;
  readonly jobSeconds: number;
  /** The next `fault.times` matching requests misbehave. Faults are checked in the order added. */
  fault(fault: SimFault): void;
  loseAnswer(match: SimMatch, times?: number): void;
  status(match: SimMatch, status?: number, times?: number): void;
  hang(match: SimMatch, times?: number): void;
  slow(match: SimMatch, delayMs: number, times?: number): void;
  refuse(match: SimMatch, error?: string, times?: number): void;
  /** The next n create or reinstall jobs end `failed`, with no server. */
  failJobs(times?: number): void;
  /** Drops pending faults and failJobs (servers stay). */
  clearFaults(): void;
  /** Every server, settled to now (copies). */
  servers(): SimServer[];
  server(vmId: number): SimServer | undefined;
  power(vmId: number): SimPowerState | undefined;
  jobs(): SimJob[];
  /** Makes a server at once, without a job (drift tests, demo data). */
  addServer(plan: ServerPlan, options?: { power?: SimPowerState }): SimServer;
  /** Create requests received (authenticated, faulted ones included). */
  readonly createRequests: number;
  /** Requests received for one method and path (relative to the base, ids included). */
  calls(method: string, path: string): number;
  snapshot(): SimSnapshot;
}

export interface ProviderSim {
  /** The API base (…/api/v1), as SERVER_PROVIDER_URL. */
  url: string;
  /** Where the control routes live (…/__sim). */
  controlUrl: string;
  token: string;
  controls: ProviderSimControls;
  close(): Promise<void>;
}

interface Persisted {
  version: 1;
  nextVmId: number;
  nextJobId: number;
  servers: SimServer[];
  jobs: SimJob[];
}

type Answer = { status: number; body: unknown; html?: boolean };

// ---------------------------------------------------------------- IPv4 pool (198.18.0.0/15)

const POOL_SIZE = 2 ** 17;
const ipOf = (offset: number) =>
  `198.${18 + (offset >> 16)}.${(offset >> 8) & 255}.${offset & 255}`;
const offsetOf = (ip: string) => {
  const m = /^198\.(18|19)\.(\d+)\.(\d+)$/.exec(ip);
  return m ? ((Number(m[1]) - 18) << 16) | (Number(m[2]) << 8) | Number(m[3]) : null;
};
/** .0 and .255 are left out: they look like network and broadcast addresses to customers. */
const usable = (offset: number) => (offset & 255) !== 0 && (offset & 255) !== 255;
const USABLE = POOL_SIZE - 2 * (POOL_SIZE / 256);

class IpPool {
  private used = new Set<number>();
  /** Round robin: a released address is handed out again only after the others. */
  private cursor = 0;

  get free() {
    return USABLE - this.used.size;
  }
  take(n: number): string[] | null {
    if (n > this.free) return null;
    const out: string[] = [];
    while (out.length < n) {
      this.cursor = (this.cursor + 1) % POOL_SIZE;
      if (usable(this.cursor) && !this.used.has(this.cursor)) {
        this.used.add(this.cursor);
        out.push(ipOf(this.cursor));
      }
    }
    return out;
  }
  mark(ip: string) {
    const offset = offsetOf(ip);
    if (offset !== null) this.used.add(offset);
  }
  release(ips: string[]) {
    for (const ip of ips) {
      const offset = offsetOf(ip);
      if (offset !== null) this.used.delete(offset);
    }
  }
}

// ---------------------------------------------------------------- helpers

const ALPHANUMERIC = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const randomText = (n: number) =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(n)),
    (b) => ALPHANUMERIC[b % ALPHANUMERIC.length],
  ).join("");

/** A whole number, given as one or as a numeric string (Laravel's `integer` rule takes both). */
const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
};

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split(/(\*\*|\*)/)
      .map((part) =>
        part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("")}$`,
  );

const matches = (f: SimMatch, method: string, path: string) =>
  (!f.method || f.method.toUpperCase() === method) && (!f.path || globToRegExp(f.path).test(path));

/** 0..1, smooth over time, different per server. */
const wave = (seed: number, seconds: number, period: number) =>
  0.5 + 0.5 * Math.sin((seconds / period + seed) * 2 * Math.PI);

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

const PLAN_LIMITS = {
  cpuCores: [1, 32],
  mem: [512, 131072],
  disk: [10, 2000],
  ipCount: [0, 32],
} as const;

// ---------------------------------------------------------------- the simulator

export async function startProviderSim(options: ProviderSimOptions = {}): Promise<ProviderSim> {
  const token = options.token ?? randomText(40);
  const errorStatus = options.errorStatus ?? 200;
  const templates = options.templates ?? SIM_TEMPLATES;
  let jobSeconds = options.jobSeconds ?? 3;
  let backupSeconds = options.backupSeconds ?? 0;

  let nextVmId = FIRST_VM_ID;
  let nextJobId = 1;
  const servers = new Map<number, SimServer>();
  const jobs = new Map<number, SimJob>();
  /** Jobs still running: what every request has to look at. */
  const open = new Set<SimJob>();
  /** Servers with a backup create or restore under way (likewise). */
  const backingUp = new Set<SimServer>();
  const pool = new IpPool();
  const consoles = new Map<string, { vmId: number; expiresAt: number }>();
  let faults: (SimFault & { left: number })[] = [];
  let failJobs = 0;
  let createRequests = 0;
  const calls = new Map<string, number>();

  // ---- persistence

  const statePath = options.statePath;
  if (statePath) {
    let text: string | null = null;
    try {
      text = await Deno.readTextFile(statePath);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
    if (text !== null) {
      const state = JSON.parse(text) as Persisted;
      nextVmId = state.nextVmId;
      nextJobId = state.nextJobId;
      for (const s of state.servers) {
        servers.set(s.vmId, s);
        for (const ip of s.ipv4) pool.mark(ip);
        if (s.backupOp) backingUp.add(s);
      }
      for (const j of state.jobs) {
        jobs.set(j.id, j);
        if (!j.outcome) open.add(j);
      }
    }
  }
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  let saving: Promise<void> = Promise.resolve();
  const save = async () => {
    if (!statePath) return;
    const state: Persisted = {
      version: 1,
      nextVmId,
      nextJobId,
      servers: [...servers.values()],
      jobs: [...jobs.values()],
    };
    // Written aside and renamed: a crash mid-write leaves the previous state, not half a file.
    // The file holds the simulated servers' root passwords (job outputs): readable by its owner only.
    const tmp = `${statePath}.tmp`;
    await Deno.writeTextFile(tmp, JSON.stringify(state), { mode: 0o600 });
    await Deno.rename(tmp, statePath);
  };
  const changed = () => {
    if (!statePath || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      saving = saving.then(save, save);
    }, 50);
  };

  // ---- jobs and servers

  const refusal = (code: number, message: string): Answer => ({
    status: errorStatus,
    body: { result: false, error: `0x${code.toString(16).padStart(2, "0")}: ${message}` },
  });
  const ok = (result: unknown): Answer => ({ status: 200, body: { result } });
  const noVm = (id: string | number) => refusal(1, `no vm with id ${id} found`);

  const makeServer = (plan: ServerPlan, ipv4: string[], now: number): SimServer => {
    const server: SimServer = {
      vmId: nextVmId++,
      plan: { ...plan },
      power: "running",
      ipv4,
      rdns: {},
      backups: [],
      createdAt: now,
      startedAt: now,
      passwordResets: 0,
      restores: 0,
      backupOp: null,
    };
    servers.set(server.vmId, server);
    return server;
  };

  const failJob = (job: SimJob, message: string) => {
    job.outcome = "failed";
    job.failedProgress = 0.67;
    job.output = { error: message };
  };

  /** Ends every job whose time is up: the provider works whether anybody asks or not. */
  const settle = (now = Date.now()) => {
    for (const server of backingUp) {
      const op = server.backupOp;
      if (op && now < op.until) continue;
      backingUp.delete(server);
      if (!op) continue;
      server.backupOp = null;
      // A backup is known by the Unix timestamp it was finished; two in one second get the next.
      if (op.kind === "create") {
        const last = server.backups.at(-1) ?? 0;
        server.backups.push(Math.max(Math.floor(op.until / 1000), last + 1));
      }
      changed();
    }
    for (const job of open) {
      const end = job.createdAt + job.seconds * 1000;
      if (now < end) continue;
      open.delete(job);
      if (job.willFail) {
        failJob(job, "0x20: job failed on the host node");
      } else if (job.kind === "create") {
        const ips = pool.take(job.plan.ipv4Count);
        if (!ips) {
          failJob(job, "0x04: not enough free IPv4 addresses");
        } else {
          const server = makeServer(job.plan, ips, end);
          job.vmId = server.vmId;
          job.outcome = "finished";
          job.output = { vmid: server.vmId, password: randomText(16), ips, ipsv6: [] };
        }
      } else {
        const server = job.vmId === null ? undefined : servers.get(job.vmId);
        if (!server) {
          failJob(job, `0x01: no vm with id ${job.vmId} found`);
        } else {
          server.plan.template = job.plan.template;
          server.power = "running";
          server.startedAt = end;
          server.rdns = {};
          job.outcome = "finished";
          job.output = {
            vmid: server.vmId,
            password: randomText(16),
            ips: [...server.ipv4],
            ipsv6: [],
          };
        }
      }
      changed();
    }
  };

  const jobView = (job: SimJob, now: number) => {
    if (job.outcome === "finished") return { status: "finished", progress: 1, output: job.output };
    if (job.outcome === "failed") {
      return { status: "failed", progress: job.failedProgress ?? 0, output: job.output };
    }
    const fraction = (now - job.createdAt) / (job.seconds * 1000);
    if (fraction < 1 / 3) return { status: "queued", progress: 0, output: null };
    return {
      status: "executing",
      progress: Math.min(0.99, Math.max(0.33, Math.floor(fraction * 100) / 100)),
      output: null,
    };
  };

  const startJob = (kind: SimJob["kind"], plan: ServerPlan, vmId: number | null, now: number) => {
    const willFail = failJobs > 0;
    if (willFail) failJobs--;
    const job: SimJob = {
      id: nextJobId++,
      kind,
      createdAt: now,
      seconds: jobSeconds,
      willFail,
      plan: { ...plan },
      vmId,
      outcome: null,
      failedProgress: null,
      output: null,
    };
    jobs.set(job.id, job);
    open.add(job);
    // Jobs ended a week ago are forgotten, so a long-lived state file does not grow for ever.
    for (const [id, old] of jobs) {
      if (old.createdAt > now - JOB_RETENTION_MS) break;
      if (old.outcome) jobs.delete(id);
    }
    changed();
    return job;
  };

  /** The provider's figures: plausible, varying smoothly, cumulative where they should be. */
  const statusOf = (s: SimServer, now: number) => {
    const total = s.plan.memoryMb * 1024 * 1024;
    if (s.power !== "running" || s.startedAt === null) {
      return { cpu: 0, mem: 0, memfree: total, netin: 0, netout: 0, uptime: 0, state: "stopped" };
    }
    const t = now / 1000;
    const elapsed = Math.max(0, (now - s.startedAt) / 1000);
    const used = Math.round(total * (0.25 + 0.35 * wave(s.vmId * 0.23, t, 600)));
    // A steady rate plus a bounded swing whose slope never exceeds the rate: never decreasing.
    const rateIn = 2000 + (s.vmId % 7) * 1500;
    const rateOut = 1200 + (s.vmId % 5) * 900;
    const swing = (rate: number) => rate * 30 * (1 - Math.cos(elapsed / 60)) * 0.5;
    return {
      cpu: round(0.02 + 0.5 * wave(s.vmId * 0.37, t, 300) * wave(s.vmId * 0.11, t, 47), 4),
      mem: used,
      memfree: total - used,
      netin: Math.floor(elapsed * rateIn + swing(rateIn)),
      netout: Math.floor(elapsed * rateOut + swing(rateOut)),
      uptime: Math.floor(elapsed),
      state: "running",
    };
  };

  /** Checks a create's or change's sizes; `partial` lets fields be missing (change). */
  const readSizes = (
    body: Record<string, unknown>,
    partial: boolean,
  ): { error: Answer } | { cpuCores?: number; mem?: number; disk?: number; ipCount?: number } => {
    const out: Record<string, number> = {};
    for (const key of ["cpuCores", "mem", "ipCount"] as const) {
      if (body[key] === undefined && partial) continue;
      const v = int(body[key]);
      const [min, max] = PLAN_LIMITS[key];
      if (v === null || v < min || v > max) {
        return {
          error: refusal(2, `invalid parameter ${key}: a whole number from ${min} to ${max}`),
        };
      }
      out[key] = v;
    }
    if (body.disk !== undefined || !partial) {
      // The provider takes the disk as a size string ("20G"), not a number.
      const m = typeof body.disk === "string" ? /^(\d+)G$/.exec(body.disk) : null;
      const gb = m ? Number(m[1]) : null;
      const [min, max] = PLAN_LIMITS.disk;
      if (gb === null || gb < min || gb > max) {
        return { error: refusal(2, `invalid parameter disk: a size from "${min}G" to "${max}G"`) };
      }
      out.disk = gb;
    }
    return out;
  };

  const pendingJobFor = (vmId: number) =>
    [...open].some((j) => j.vmId === vmId && j.kind === "reinstall");

  /** One API request, after auth and faults; `settle` has run. */
  const route = (method: string, path: string, body: Record<string, unknown>, host: string) => {
    const now = Date.now();
    if (path === "/datacenter/templates" && method === "GET") return ok([...templates]);

    if (path === "/datacenter/server") {
      if (method === "GET") {
        return ok(
          [...servers.values()]
            .sort((a, b) => a.vmId - b.vmId)
            .map((s) => ({
              vmid: s.vmId,
              template: s.plan.template,
              cpuCores: s.plan.cpuCores,
              mem: s.plan.memoryMb,
              disk: `${s.plan.diskGb}G`,
              ips: [...s.ipv4],
              state: s.power,
            })),
        );
      }
      if (method === "POST") {
        if (typeof body.template !== "string" || !templates.includes(body.template)) {
          return refusal(10, `template ${String(body.template ?? "").slice(0, 40)} not found`);
        }
        const sizes = readSizes(body, false);
        if ("error" in sizes) return sizes.error;
        if (sizes.ipCount! > pool.free) return refusal(4, "not enough free IPv4 addresses");
        const job = startJob(
          "create",
          {
            template: body.template,
            cpuCores: sizes.cpuCores!,
            memoryMb: sizes.mem!,
            diskGb: sizes.disk!,
            ipv4Count: sizes.ipCount!,
          },
          null,
          now,
        );
        return ok({ jobId: job.id });
      }
      return null;
    }

    const jobMatch = /^\/job\/([^/]+)$/.exec(path);
    if (jobMatch && method === "GET") {
      const job = jobs.get(Number(jobMatch[1]));
      if (!job) return refusal(5, `no job with id ${jobMatch[1]!.slice(0, 20)} found`);
      return ok(jobView(job, now));
    }

    const vmMatch = /^\/datacenter\/server\/([^/]+)\/(.+)$/.exec(path);
    if (!vmMatch) return null;
    const [, sid, action] = vmMatch as unknown as [string, string, string];
    const key = `${method} ${action}`;
    const known = [
      "GET status",
      "GET config",
      "GET console",
      "PUT start",
      "PUT shutdown",
      "PUT stop",
      "PUT reboot",
      "PUT reboot/force",
      "PUT password/reset",
      "PUT reinstall",
      "PUT change",
      "POST rdns",
      "GET backups/list",
      "GET backups/status",
      "PUT backups/create",
      "POST backups/restore",
      "POST delete",
    ];
    if (!known.includes(key)) return null;
    const server = /^\d+$/.test(sid) ? servers.get(Number(sid)) : undefined;
    if (!server) return noVm(sid.slice(0, 20));
    const id = server.vmId;

    switch (key) {
      case "GET status":
        return ok(statusOf(server, now));
      case "GET config":
        // Not documented beyond its existence (docs/hosterapi.md): the simulator reports the plan, the
        // addresses and the reverse DNS names set, which is what the portal reads of it.
        return ok({
          template: server.plan.template,
          cpuCores: server.plan.cpuCores,
          mem: server.plan.memoryMb,
          disk: `${server.plan.diskGb}G`,
          ips: [...server.ipv4],
          rdns: { ...server.rdns },
        });
      case "GET console": {
        const consoleToken = randomText(32);
        consoles.set(consoleToken, { vmId: id, expiresAt: now + 60_000 });
        for (const [t, c] of consoles) if (c.expiresAt < now) consoles.delete(t);
        return ok(`http://${host}/novnc/?vmid=${id}&token=${consoleToken}`);
      }
      case "PUT start":
        if (server.power !== "running") {
          server.power = "running";
          server.startedAt = now;
        }
        break;
      case "PUT shutdown":
      case "PUT stop":
        server.power = "stopped";
        server.startedAt = null;
        break;
      case "PUT reboot":
      case "PUT reboot/force":
        // Proxmox refuses to reboot or reset a VM that is not running.
        if (server.power !== "running") return refusal(3, `vm ${id} is not running`);
        server.startedAt = now;
        break;
      case "PUT password/reset": {
        let password = body.password;
        if (password === undefined || password === null) password = randomText(16);
        if (typeof password !== "string" || password.length < 6 || password.length > 128) {
          return refusal(2, "invalid parameter password: 6 to 128 characters");
        }
        server.passwordResets++;
        changed();
        return ok({ password });
      }
      case "PUT reinstall": {
        if (typeof body.template !== "string" || !templates.includes(body.template)) {
          return refusal(10, `template ${String(body.template ?? "").slice(0, 40)} not found`);
        }
        if (pendingJobFor(id)) return refusal(9, `a job is already running for vm ${id}`);
        const job = startJob("reinstall", { ...server.plan, template: body.template }, id, now);
        return ok({ jobId: job.id });
      }
      case "PUT change": {
        const sizes = readSizes(body, true);
        if ("error" in sizes) return sizes.error;
        if (sizes.disk !== undefined && sizes.disk < server.plan.diskGb) {
          return refusal(7, `disk of vm ${id} can not shrink from ${server.plan.diskGb}G`);
        }
        const more = (sizes.ipCount ?? server.ipv4.length) - server.ipv4.length;
        if (more > 0) {
          const ips = pool.take(more);
          if (!ips) return refusal(4, "not enough free IPv4 addresses");
          server.ipv4.push(...ips);
        } else if (more < 0) {
          const gone = server.ipv4.splice(server.ipv4.length + more);
          pool.release(gone);
          for (const ip of gone) delete server.rdns[ip];
        }
        server.plan = {
          ...server.plan,
          cpuCores: sizes.cpuCores ?? server.plan.cpuCores,
          memoryMb: sizes.mem ?? server.plan.memoryMb,
          diskGb: sizes.disk ?? server.plan.diskGb,
          ipv4Count: server.ipv4.length,
        };
        break;
      }
      case "POST rdns": {
        if (typeof body.ip !== "string" || !server.ipv4.includes(body.ip)) {
          return refusal(8, `ip ${String(body.ip ?? "").slice(0, 45)} is not assigned to vm ${id}`);
        }
        const hostname = body.hostname;
        // An empty name puts the provider's own default back (assumed; docs/hosterapi.md is silent).
        if (hostname === "") {
          delete server.rdns[body.ip];
          break;
        }
        if (
          typeof hostname !== "string" ||
          hostname.length > 253 ||
          !/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i.test(hostname)
        ) {
          return refusal(2, "invalid parameter hostname");
        }
        server.rdns[body.ip] = hostname;
        break;
      }
      case "GET backups/list":
        return ok([...server.backups]);
      case "GET backups/status":
        // Shape not documented: `status` is `running` while a create or restore works, else `idle`.
        return ok(
          server.backupOp
            ? { status: "running", operation: server.backupOp.kind }
            : { status: "idle", operation: null },
        );
      case "PUT backups/create": {
        if (server.backupOp) return refusal(11, `a backup operation is running for vm ${id}`);
        server.backupOp = { kind: "create", until: now + backupSeconds * 1000 };
        backingUp.add(server);
        // Finished at once when backups take no time, so the list shows it in this answer's wake.
        settle(now);
        break;
      }
      case "POST backups/restore": {
        const backup = int(body.backup);
        if (backup === null || !server.backups.includes(backup)) {
          return refusal(6, `no backup ${String(body.backup ?? "").slice(0, 20)} found`);
        }
        if (server.backupOp) return refusal(11, `a backup operation is running for vm ${id}`);
        server.backupOp = { kind: "restore", until: now + backupSeconds * 1000 };
        backingUp.add(server);
        settle(now);
        server.restores++;
        break;
      }
      case "POST delete": {
        const force = body.force === true || body.force === 1 || body.force === "1";
        if (server.power === "running" && !force) {
          return refusal(3, `vm ${id} is running: stop it first or delete with force`);
        }
        servers.delete(id);
        pool.release(server.ipv4);
        break;
      }
    }
    changed();
    return ok(true);
  };

  const takeFault = (method: string, path: string) => {
    const f = faults.find((f) => f.left > 0 && matches(f, method, path));
    if (!f) return null;
    f.left--;
    faults = faults.filter((x) => x.left > 0);
    return f;
  };

  const snapshot = (): SimSnapshot => {
    settle();
    return structuredClone({
      jobSeconds,
      createRequests,
      calls: Object.fromEntries(calls),
      servers: [...servers.values()],
      jobs: [...jobs.values()],
      faults: faults.map(({ left, ...f }) => ({ ...f, times: left })),
      failJobs,
      freeIpv4: pool.free,
    });
  };

  const addFault = (fault: SimFault) => {
    const kinds: SimFaultKind[] = ["loseAnswer", "status", "hang", "slow", "refuse", "garble"];
    if (!kinds.includes(fault.kind)) throw new Error(`unknown fault kind ${fault.kind}`);
    if (fault.times !== undefined && !(Number.isSafeInteger(fault.times) && fault.times > 0)) {
      throw new Error("times must be a whole number above 0");
    }
    faults.push({ ...fault, left: fault.times ?? 1 });
  };

  const addServer = (plan: ServerPlan, opts: { power?: SimPowerState } = {}) => {
    const ips = pool.take(plan.ipv4Count);
    if (!ips) throw new Error("not enough free IPv4 addresses");
    const now = Date.now();
    const server = makeServer(plan, ips, now);
    if (opts.power === "stopped") {
      server.power = "stopped";
      server.startedAt = null;
    }
    changed();
    return structuredClone(server);
  };

  const controls: ProviderSimControls = {
    setJobSeconds(seconds) {
      if (!(seconds >= 0)) throw new Error("job seconds must be 0 or more");
      jobSeconds = seconds;
    },
    get jobSeconds() {
      return jobSeconds;
    },
    setBackupSeconds(seconds) {
      if (!(seconds >= 0)) throw new Error("backup seconds must be 0 or more");
      backupSeconds = seconds;
    },
    fault: addFault,
    loseAnswer: (match, times = 1) => addFault({ ...match, kind: "loseAnswer", times }),
    status: (match, status = 503, times = 1) =>
      addFault({ ...match, kind: "status", status, times }),
    hang: (match, times = 1) => addFault({ ...match, kind: "hang", times }),
    slow: (match, delayMs, times = 1) => addFault({ ...match, kind: "slow", delayMs, times }),
    refuse: (match, error, times = 1) => addFault({ ...match, kind: "refuse", error, times }),
    failJobs(times = 1) {
      failJobs = times;
    },
    clearFaults() {
      faults = [];
      failJobs = 0;
    },
    servers: () => snapshot().servers,
    server(vmId) {
      settle();
      const s = servers.get(vmId);
      return s && structuredClone(s);
    },
    power(vmId) {
      settle();
      return servers.get(vmId)?.power;
    },
    jobs: () => snapshot().jobs,
    addServer,
    get createRequests() {
      return createRequests;
    },
    calls: (method, path) => calls.get(`${method.toUpperCase()} ${path}`) ?? 0,
    snapshot,
  };

  // ---- HTTP

  const control = (method: string, path: string, body: Record<string, unknown>): Answer => {
    try {
      if (method === "GET" && path === "/state") return { status: 200, body: snapshot() };
      if (method === "POST" && path === "/job-seconds") {
        controls.setJobSeconds(Number(body.seconds));
        return { status: 200, body: { jobSeconds } };
      }
      if (method === "POST" && path === "/faults") {
        addFault(body as unknown as SimFault);
        return { status: 200, body: { faults: snapshot().faults } };
      }
      if (method === "POST" && path === "/backup-seconds") {
        controls.setBackupSeconds(Number(body.seconds));
        return { status: 200, body: { backupSeconds } };
      }
      if (method === "POST" && path === "/fail-jobs") {
        controls.failJobs(int(body.times) ?? 1);
        return { status: 200, body: { failJobs } };
      }
      if (method === "POST" && path === "/reset") {
        controls.clearFaults();
        return { status: 200, body: { ok: true } };
      }
      if (method === "POST" && path === "/servers") {
        const server = addServer(body.plan as ServerPlan, {
          power: body.power === "stopped" ? "stopped" : "running",
        });
        return { status: 201, body: server };
      }
      const one = /^\/servers\/(\d+)$/.exec(path);
      if (method === "GET" && one) {
        const server = controls.server(Number(one[1]));
        return server
          ? { status: 200, body: server }
          : { status: 404, body: { error: "no server" } };
      }
      return { status: 404, body: { error: "no such control" } };
    } catch (err) {
      return { status: 400, body: { error: (err as Error).message } };
    }
  };

  const novnc = (url: URL): Answer => {
    const c = consoles.get(url.searchParams.get("token") ?? "");
    if (!c || c.expiresAt < Date.now() || String(c.vmId) !== url.searchParams.get("vmid")) {
      return {
        status: 403,
        html: true,
        body: "<h1>403 Forbidden</h1><p>Console link expired.</p>",
      };
    }
    return {
      status: 200,
      html: true,
      body: `<!doctype html><title>noVNC</title><p>Console of VM ${c.vmId} (simulated).</p>`,
    };
  };

  const send = (res: http.ServerResponse, answer: Answer) => {
    const text = answer.html ? String(answer.body) : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      "content-type": answer.html ? "text/html; charset=utf-8" : "application/json",
      "content-length": String(new TextEncoder().encode(text).byteLength),
    });
    res.end(text);
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      req.on("data", (chunk: Uint8Array) => {
        size += chunk.byteLength;
        if (size > 1_000_000) {
          reject(new Error("body too large"));
          req.socket.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.on("end", () => {
        const all = new Uint8Array(size);
        let at = 0;
        for (const c of chunks) {
          all.set(c, at);
          at += c.byteLength;
        }
        resolve(new TextDecoder().decode(all));
      });
      req.on("error", reject);
    });

  const hanging = new Set<http.ServerResponse>();
  const sockets = new Set<Socket>();

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://sim.invalid");
    const method = (req.method ?? "GET").toUpperCase();
    let text: string;
    try {
      text = await readBody(req);
    } catch {
      return;
    }
    let body: Record<string, unknown> = {};
    let badJson = false;
    if (text.trim()) {
      try {
        const parsed = JSON.parse(text);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed;
        else badJson = true;
      } catch {
        badJson = true;
      }
    }

    if (url.pathname === "/novnc/" && method === "GET") return send(res, novnc(url));

    const authorized = req.headers.authorization === `Bearer ${token}`;
    const unauthenticated: Answer = { status: 401, body: { message: "Unauthenticated." } };

    if (url.pathname.startsWith("/__sim/")) {
      if (!authorized) return send(res, unauthenticated);
      return send(res, control(method, url.pathname.slice("/__sim".length), body));
    }

    if (!url.pathname.startsWith(`${SIM_BASE_PATH}/`)) {
      return send(res, { status: 404, body: { message: "Not Found" } });
    }
    const path = url.pathname.slice(SIM_BASE_PATH.length).replace(/\/+$/, "");
    if (!authorized) return send(res, unauthenticated);

    const key = `${method} ${path}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (key === "POST /datacenter/server") createRequests++;

    const fault = takeFault(method, path);
    if (fault?.kind === "hang") {
      // No answer and no work; the client's timeout (or close()) ends the connection.
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (fault?.kind === "status") {
      const status = fault.status ?? 503;
      // What a proxy in front of the API answers: no JSON, no error key.
      return send(res, {
        status,
        html: true,
        body: `<html><head><title>${status}</title></head><body><h1>${status}</h1></body></html>`,
      });
    }
    if (fault?.kind === "refuse") {
      return send(res, {
        status: fault.status ?? errorStatus,
        body: { result: false, error: fault.error ?? "0x10: operation refused" },
      });
    }
    if (fault?.kind === "slow") await new Promise((r) => setTimeout(r, fault.delayMs ?? 1000));

    settle();
    const answer: Answer = badJson
      ? refusal(2, "the body must be a JSON object")
      : (route(method, path, body, req.headers.host ?? "127.0.0.1") ?? {
          status: 404,
          body: { message: `The route ${path.slice(1, 80)} could not be found.` },
        });

    if (fault?.kind === "loseAnswer") {
      // The work is done; the connection closes before any byte of the answer.
      req.socket.destroy();
      return;
    }
    if (fault?.kind === "garble") {
      return send(res, { status: 200, html: true, body: '{"result": {"jobI' });
    }
    send(res, answer);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, { status: 500, body: { message: "Server Error" } });
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.hostname ?? "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const host = options.hostname && options.hostname !== "0.0.0.0" ? options.hostname : "127.0.0.1";
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: `${origin}${SIM_BASE_PATH}`,
    controlUrl: `${origin}/__sim`,
    token,
    controls,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const res of hanging) res.socket?.destroy();
      for (const socket of sockets) socket.destroy();
      await closed;
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = null;
        saving = saving.then(save, save);
      }
      await saving;
    },
  };
}

/**
 * The control routes of a simulator in another process (run on its own, shared by several API
 * processes): `url` is its API base (SERVER_PROVIDER_URL), `token` its bearer token.
 */
export function providerSimClient(url: string, token: string) {
  const controlUrl = new URL("/__sim/", url);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(path, controlUrl), {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok)
      throw new Error(`simulator control ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer as T;
  };
  return {
    snapshot: () => call<SimSnapshot>("GET", "state"),
    setJobSeconds: (seconds: number) => call<unknown>("POST", "job-seconds", { seconds }),
    setBackupSeconds: (seconds: number) => call<unknown>("POST", "backup-seconds", { seconds }),
    fault: (fault: SimFault) => call<unknown>("POST", "faults", fault),
    failJobs: (times = 1) => call<unknown>("POST", "fail-jobs", { times }),
    clearFaults: () => call<unknown>("POST", "reset"),
    addServer: (plan: ServerPlan, options: { power?: SimPowerState } = {}) =>
      call<SimServer>("POST", "servers", { plan, ...options }),
    server: async (vmId: number) => {
      try {
        return await call<SimServer>("GET", `servers/${vmId}`);
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Run on its own (`deno run -A api/sim/provider.ts`; PORT default 8071, HOST default 0.0.0.0,
 * SERVER_PROVIDER_TOKEN default a random one, SERVER_PROVIDER_SIM_JOB_SECONDS default 3,
 * SERVER_PROVIDER_SIM_STATE a JSON file to keep servers across restarts), one simulator serves
 * every API process: set SERVER_PROVIDER_URL and SERVER_PROVIDER_TOKEN on each.
 */
if (import.meta.main) {
  const given = Deno.env.get("SERVER_PROVIDER_TOKEN");
  const sim = await startProviderSim({
    port: Number(Deno.env.get("PORT") ?? 8071),
    hostname: Deno.env.get("HOST") ?? "0.0.0.0",
    token: given,
    jobSeconds: Number(Deno.env.get("SERVER_PROVIDER_SIM_JOB_SECONDS") || 3),
    statePath: Deno.env.get("SERVER_PROVIDER_SIM_STATE") || undefined,
  });
  console.log(`HosterAPI simulator on ${sim.url}`);
  // A token the operator did not choose has to be shown once, or nobody could use the simulator.
  if (!given) console.log(`SERVER_PROVIDER_TOKEN=${sim.token}`);
  // Stopped with Ctrl-C or by a process manager: the state file gets the last changes first.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => {
      sim.close().finally(() => Deno.exit(0));
    });
  }
}
