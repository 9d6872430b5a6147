import { log } from "./log.ts";

/**
 * API_PROCESSES > 1: the process started as `deno run api/src/main.ts` (the primary)
 * starts the others as workers listening on the same port with SO_REUSEPORT, and the kernel
 * spreads the connections across them. A Deno process runs JavaScript on one thread, so one
 * process cannot use a second core; on the 2-core bench machine, two processes served 14–36%
 * more reads per second than one (`npm run bench`, README "Benchmarks").
 *
 * A worker is one more API instance of the kind docker-compose runs side by side (safe, since
 * live events cross instances through LISTEN/NOTIFY, rate limits and idempotency live in
 * Postgres). It takes from the primary only what the primary alone owns: the database (its
 * embedded Postgres, when there is no DATABASE_URL) and the simulators, whose state (PayPal
 * orders, servers) lives in the primary's memory. Jobs and mail delivery stay in the primary.
 */

/** The argument that makes main.ts a worker: no embedded Postgres, no jobs, no workers of its own. */
export const WORKER_ARG = "--worker";

const MAIN = new URL("../main.ts", import.meta.url).pathname;
/** A worker that does not stop within this after SIGTERM is killed (it drains for 10 s at most). */
const STOP_MS = 15_000;
/** Respawn delay after a worker died; doubles on each death within a minute of its start. */
const RESPAWN_MS = 1_000;
const RESPAWN_MAX_MS = 30_000;

export interface Workers {
  /** SIGTERM to every worker; resolves when all have exited (killed after STOP_MS). */
  stop(): Promise<void>;
}

/**
 * Starts `count` workers with the primary's environment plus `env`. A worker that dies is started
 * again (with a growing delay while it keeps dying young). A worker stops on its own when the
 * primary disappears, even killed with SIGKILL: its stdin is a pipe from the primary, and the
 * end of that pipe is its signal to drain and exit (see `exitWithParent`).
 */
export function startWorkers(count: number, env: Record<string, string>): Workers {
  let stopping = false;
  const running = new Set<Promise<void>>();
  const children = new Set<Deno.ChildProcess>();

  const spawn = (slot: number, delay: number) => {
    const started = Date.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, WORKER_ARG],
      env,
      stdin: "piped",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    children.add(child);
    const done = child.status.then((status) => {
      children.delete(child);
      running.delete(done);
      if (stopping) return;
      const young = Date.now() - started < 60_000;
      const next = young ? Math.min(delay * 2, RESPAWN_MAX_MS) : RESPAWN_MS;
      log("error", "api worker exited; starting it again", {
        worker: slot,
        code: status.code,
        signal: status.signal,
        retry_in_ms: delay,
      });
      setTimeout(() => !stopping && spawn(slot, next), delay);
    });
    running.add(done);
  };
  for (let slot = 1; slot <= count; slot++) spawn(slot, RESPAWN_MS);

  return {
    async stop() {
      stopping = true;
      for (const child of children) {
        try {
          child.kill("SIGTERM");
        } catch {
          /* exited meanwhile */
        }
      }
      const timer = setTimeout(() => {
        for (const child of children) {
          try {
            child.kill("SIGKILL");
          } catch {
            /* exited meanwhile */
          }
        }
      }, STOP_MS);
      await Promise.all(running);
      clearTimeout(timer);
    },
  };
}

/** In a worker: calls `stop` once the primary's end of stdin closes (the primary is gone). */
export function exitWithParent(stop: () => void): void {
  (async () => {
    try {
      for await (const _ of Deno.stdin.readable) {
        /* the primary never writes; this only waits for the end */
      }
    } catch {
      /* a broken pipe is the same news */
    }
    log("warn", "api worker: the primary process is gone, stopping");
    stop();
  })();
}
