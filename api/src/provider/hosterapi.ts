import http from "node:http";
import https from "node:https";
import { observeProviderCall, providerOperation } from "../metrics/metrics.ts";
import type {
  CreatedServer,
  PowerAction,
  ProviderJob,
  ServerPlan,
  ServerProvider,
  ServerStatus,
} from "../platform/ports.ts";
import { ProviderError } from "./provider-error.ts";

/**
 * The HosterAPI reseller API (Venocix / IP-Projects) as a ServerProvider, on the paths, verbs and
 * answer shapes its public pages, the hosterapi-php client and open-source reseller panels show:
 * every answer is JSON, success is `{"result": ...}`, a refusal carries an `error` key
 * (`"0x01: no vm with id N found"` for an unknown VM) whatever the HTTP status.
 *
 * Nothing here logs, and no error message carries a request body: bodies carry root passwords.
 */
export interface HosterApiOptions {
  /** The API base, e.g. https://reseller.hosterapi.de/api/v1 (SERVER_PROVIDER_URL). */
  url: string;
  token: string;
  /** Per call, covering the answer's body too. */
  timeoutMs: number;
}

/** Backup statuses that say a create or restore is under way (not documented: the common words). */
const BACKUP_BUSY =
  /^\s*(running|executing|queued|pending|in[ _-]?progress|creating|restoring|busy)\s*$/i;

/** Job statuses that plainly say the job failed; HosterAPI documents none (docs/hosterapi.md). */
const FAILED_STATUSES = new Set([
  "failed",
  "failure",
  "error",
  "errored",
  "canceled",
  "cancelled",
  "aborted",
]);

const POWER_PATHS: Record<PowerAction, string> = {
  start: "start",
  shutdown: "shutdown",
  stop: "stop",
  reboot: "reboot",
  "reboot-force": "reboot/force",
};

interface Answer {
  status: number;
  text: string;
}

const describe = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown };
  const text = typeof e?.code === "string" ? e.code : String(e?.message ?? err);
  return text.slice(0, 120);
};

/**
 * GET through fetch: Deno's fetch keeps connections alive (cheap status polling) and re-sends a
 * request once when the connection drops without an answer, which is harmless for a read.
 */
async function getOnce(url: URL, headers: Record<string, string>, timeoutMs: number) {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { headers, signal });
    // The same signal covers the body: a provider that stalls mid-answer has not answered.
    return { status: res.status, text: await res.text() };
  } catch (err) {
    if (signal.aborted) return "timeout" as const;
    return { error: describe(err) };
  }
}

/**
 * POST and PUT through node:http with a connection of their own (`agent: false`), never through
 * fetch: Deno's fetch (2.9) sends a request again, once, when the connection closes before an
 * answer, on fresh connections too and whatever `Deno.createHttpClient` options are given
 * (hosterapi.test.ts shows it). For a create that is a second server. node:http sends once and
 * reports the dropped connection; agent: false also rules out its retry of a stale pooled socket.
 */
function sendOnce(
  url: URL,
  method: "POST" | "PUT",
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Answer | "timeout" | { error: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: Answer | "timeout" | { error: string }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const signal = AbortSignal.timeout(timeoutMs);
    const bytes = body === undefined ? undefined : new TextEncoder().encode(body);
    const request = url.protocol === "https:" ? https.request : http.request;
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: { ...headers, "content-length": String(bytes?.byteLength ?? 0) },
      },
      (res) => {
        const chunks: Uint8Array[] = [];
        res.on("data", (chunk: Uint8Array) => chunks.push(chunk));
        res.on("end", () => {
          // A connection closed mid-body still ends the stream; `complete` tells the two apart.
          if (!res.complete) return finish({ error: "connection closed mid-answer" });
          const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
          let at = 0;
          for (const c of chunks) {
            all.set(c, at);
            at += c.byteLength;
          }
          finish({ status: res.statusCode ?? 0, text: new TextDecoder().decode(all) });
        });
        res.on("error", (err) => finish({ error: describe(err) }));
        res.on("aborted", () => finish({ error: "connection closed mid-answer" }));
      },
    );
    const onAbort = () => {
      finish("timeout");
      req.destroy();
    };
    signal.addEventListener("abort", onAbort);
    req.on("error", (err) => finish({ error: describe(err) }));
    req.end(bytes);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A number, or a numeric string (PHP APIs send either); null otherwise. */
const num = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const vmIdOf = (v: unknown): number | null => {
  const id = num(isObject(v) ? (v.vmid ?? v.id) : v);
  return id !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Addresses as strings, or as objects with `ip` / `address`. */
function ipv4sOf(ips: unknown): string[] {
  return (Array.isArray(ips) ? ips : [])
    .map((ip) => (isObject(ip) ? (ip.ip ?? ip.address) : ip))
    .filter((ip): ip is string => typeof ip === "string");
}

export function createHosterApi(options: HosterApiOptions): ServerProvider {
  const base = options.url.replace(/\/+$/, "");
  const headers = {
    accept: "application/json",
    authorization: `Bearer ${options.token}`,
  };

  /**
   * One call; returns the envelope's `result`. `secrets` are removed from any provider text quoted
   * in an error (a provider might echo a password it refused).
   */
  // Every call is counted and timed by operation and outcome (GET /metrics).
  const call = (
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: Record<string, unknown>,
    secrets: string[] = [],
  ) =>
    observeProviderCall(providerOperation(method, path), () =>
      callOnce(method, path, body, secrets),
    );

  async function callOnce(
    method: "GET" | "POST" | "PUT",
    path: string,
    body?: Record<string, unknown>,
    secrets: string[] = [],
  ): Promise<unknown> {
    const what = `${method} ${path}`;
    const url = new URL(base + path);
    const answer =
      method === "GET"
        ? await getOnce(url, headers, options.timeoutMs)
        : await sendOnce(
            url,
            method,
            body === undefined ? headers : { ...headers, "content-type": "application/json" },
            body === undefined ? undefined : JSON.stringify(body),
            options.timeoutMs,
          );
    if (answer === "timeout") {
      throw new ProviderError("timeout", `${what}: no answer within ${options.timeoutMs} ms`, true);
    }
    if ("error" in answer) {
      throw new ProviderError("network", `${what}: ${answer.error}`, true);
    }
    const scrub = (text: string) =>
      secrets.reduce((t, s) => (s ? t.split(s).join("[redacted]") : t), text).slice(0, 200);

    let payload: unknown;
    let parsed = true;
    try {
      payload = JSON.parse(answer.text);
    } catch {
      parsed = false;
    }
    const status = answer.status;
    // An error key is the provider's refusal whatever the HTTP status (docs/hosterapi.md: not documented).
    if (isObject(payload) && payload.error !== undefined && payload.error !== null) {
      const error =
        typeof payload.error === "string" ? payload.error : JSON.stringify(payload.error);
      const notFound = /^\s*0x0*1\s*:/i.test(error);
      throw new ProviderError(
        notFound ? "not_found" : "refused",
        `${what}: ${scrub(error)}`,
        false,
        status,
      );
    }
    if (status < 200 || status > 299) {
      const message =
        isObject(payload) && typeof payload.message === "string" ? payload.message : "";
      // A 5xx without an error key may come from a proxy in front of a provider that did the work.
      throw new ProviderError(
        "status",
        `${what}: HTTP ${status}${message ? ` ${scrub(message)}` : ""}`,
        status >= 500,
        status,
      );
    }
    if (!parsed || !isObject(payload) || !("result" in payload)) {
      throw new ProviderError(
        "malformed",
        `${what}: HTTP ${status} without a result`,
        true,
        status,
      );
    }
    // `{"result": false}` without an error is still the provider saying no.
    if (payload.result === false) {
      throw new ProviderError("refused", `${what}: result false`, false, status);
    }
    return payload.result;
  }

  const malformed = (what: string, detail: string) =>
    new ProviderError("malformed", `${what}: ${detail}`, true, 200);

  const server = (vmId: number) => {
    if (!Number.isSafeInteger(vmId) || vmId <= 0) {
      throw new ProviderError("not_found", `no VM id ${String(vmId).slice(0, 20)}`, false);
    }
    return `/datacenter/server/${vmId}`;
  };

  const jobIdOf = (what: string, result: unknown) => {
    const id = isObject(result) ? result.jobId : undefined;
    if ((typeof id === "number" && Number.isFinite(id)) || (typeof id === "string" && id !== "")) {
      return { jobId: String(id) };
    }
    // The provider answered 2xx, so a job may well be running: the caller must treat it as unknown.
    throw malformed(what, "no jobId in the answer");
  };

  const sizes = (plan: Omit<ServerPlan, "template">) => ({
    cpuCores: plan.cpuCores,
    mem: Math.round(plan.memoryMb),
    disk: `${Math.round(plan.diskGb)}G`,
    ipCount: plan.ipv4Count,
  });

  return {
    async templates() {
      const result = await call("GET", "/datacenter/templates");
      if (!Array.isArray(result)) throw malformed("GET /datacenter/templates", "not a list");
      return result
        .map((t) => (isObject(t) ? (t.name ?? t.template) : t))
        .filter((t): t is string => typeof t === "string");
    },

    async listServers() {
      const result = await call("GET", "/datacenter/server");
      if (!Array.isArray(result)) throw malformed("GET /datacenter/server", "not a list");
      return result.map((entry) => {
        const vmId = vmIdOf(entry);
        if (vmId === null) throw malformed("GET /datacenter/server", "an entry without a VM id");
        // The list's shape is not documented: its addresses are read where an entry has them
        // (`ips`, as a create job's output), else none.
        return { vmId, ipv4: isObject(entry) ? ipv4sOf(entry.ips) : [] };
      });
    },

    async createServer(plan) {
      const result = await call("POST", "/datacenter/server", {
        template: plan.template,
        ...sizes(plan),
      });
      return jobIdOf("POST /datacenter/server", result);
    },

    async job(jobId) {
      const what = `GET /job/${jobId}`;
      const result = await call("GET", `/job/${encodeURIComponent(jobId)}`);
      if (!isObject(result) || typeof result.status !== "string") {
        throw malformed(what, "no job status");
      }
      const status = result.status;
      const word = status.trim().toLowerCase();
      const state: ProviderJob["state"] =
        word === "finished" ? "finished" : FAILED_STATUSES.has(word) ? "failed" : "pending";
      let progress = num(result.progress) ?? 0;
      // Documented as a 0-1 fraction; a percentage would read as "more than done".
      if (progress > 1) progress /= 100;
      progress = Math.min(1, Math.max(0, progress));
      if (state === "finished") progress = 1;
      let created: CreatedServer | null = null;
      const output = result.output;
      if (state === "finished" && isObject(output)) {
        const vmId = vmIdOf(output.vmid);
        if (vmId !== null) {
          created = {
            vmId,
            rootPassword:
              typeof output.password === "string" && output.password !== ""
                ? output.password
                : null,
            ipv4: ipv4sOf(output.ips),
          };
        }
      }
      return { state, status, progress, server: created };
    },

    async status(vmId) {
      const path = `${server(vmId)}/status`;
      const result = await call("GET", path);
      if (!isObject(result) || typeof result.state !== "string") {
        throw malformed(`GET ${path}`, "no state");
      }
      const cpu = num(result.cpu);
      // Read as Proxmox reports a VM (docs/hosterapi.md's example: 455467008 + 577208320 is about a
      // 1 GB VM): `mem` the bytes in use, `memfree` the bytes free, so the total is their sum.
      const used = num(result.mem);
      const free = num(result.memfree);
      const figures: ServerStatus = {
        state: result.state,
        cpu: cpu === null ? null : Math.min(1, Math.max(0, cpu)),
        memoryUsedBytes: used,
        memoryTotalBytes: used !== null && free !== null ? used + free : null,
        netInBytes: num(result.netin),
        netOutBytes: num(result.netout),
        uptimeSeconds: num(result.uptime),
      };
      return figures;
    },

    async power(vmId, action) {
      const path = POWER_PATHS[action];
      if (!path) throw new TypeError(`unknown power action ${String(action).slice(0, 20)}`);
      await call("PUT", `${server(vmId)}/${path}`);
    },

    async resetPassword(vmId, wanted) {
      const result = await call(
        "PUT",
        `${server(vmId)}/password/reset`,
        wanted === null ? undefined : { password: wanted },
        wanted === null ? [] : [wanted],
      );
      // Two panels read the new password from result.password; without one, ours was taken.
      const given = isObject(result) ? result.password : undefined;
      return { password: typeof given === "string" && given !== "" ? given : wanted };
    },

    async reinstall(vmId, template) {
      const path = `${server(vmId)}/reinstall`;
      return jobIdOf(`PUT ${path}`, await call("PUT", path, { template }));
    },

    async change(vmId, plan) {
      await call("PUT", `${server(vmId)}/change`, sizes(plan));
    },

    async setReverseDns(vmId, ip, hostname) {
      await call("POST", `${server(vmId)}/rdns`, { ip, hostname });
    },

    async serverConfig(vmId) {
      const path = `${server(vmId)}/config`;
      const result = await call("GET", path);
      if (!isObject(result)) throw malformed(`GET ${path}`, "not an object");
      // The configuration's fields are not documented (docs/hosterapi.md): addresses are read where
      // they are named as in a create job's output (`ips`), reverse DNS as a map of IP to name.
      const rdns = isObject(result.rdns) ? result.rdns : null;
      return {
        ipv4: ipv4sOf(result.ips),
        reverseDns: rdns
          ? Object.fromEntries(
              Object.entries(rdns).filter((e): e is [string, string] => typeof e[1] === "string"),
            )
          : null,
      };
    },

    async backupStatus(vmId) {
      const path = `${server(vmId)}/backups/status`;
      const result = await call("GET", path);
      // Not documented: a word, or an object carrying one as `status`.
      const word = isObject(result) ? result.status : result;
      if (typeof word !== "string" && typeof word !== "boolean") {
        throw malformed(`GET ${path}`, "no backup status");
      }
      const status = String(word);
      return { status, running: BACKUP_BUSY.test(status) || word === true };
    },

    async listBackups(vmId) {
      const path = `${server(vmId)}/backups/list`;
      const result = await call("GET", path);
      if (!Array.isArray(result)) throw malformed(`GET ${path}`, "not a list");
      // Each backup is known by its Unix timestamp (docs/hosterapi.md, from a panel).
      return result
        .map((b) => (isObject(b) ? (b.timestamp ?? b.id ?? b.backup) : b))
        .filter((b) => typeof b === "string" || typeof b === "number")
        .map(String);
    },

    async createBackup(vmId) {
      await call("PUT", `${server(vmId)}/backups/create`);
    },

    async restoreBackup(vmId, backupId) {
      // Sent back as the list gave it: a timestamp is a number there.
      const backup = /^\d+$/.test(backupId) ? Number(backupId) : backupId;
      await call("POST", `${server(vmId)}/backups/restore`, { backup });
    },

    async consoleUrl(vmId) {
      const path = `${server(vmId)}/console`;
      const result = await call("GET", path);
      const url = isObject(result) ? result.url : result;
      if (typeof url !== "string" || !/^https?:\/\//i.test(url)) {
        throw malformed(`GET ${path}`, "no console URL");
      }
      return url;
    },

    async deleteServer(vmId, force) {
      await call("POST", `${server(vmId)}/delete`, { force });
    },
  };
}
