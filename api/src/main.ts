import { type Config, ConfigError, loadConfig } from "./platform/config.ts";
import { StartupError } from "./platform/db-embedded.ts";
import { isConnectionError } from "./platform/db-health.ts";
import { log } from "./platform/log.ts";
import { exitWithParent, startWorkers, WORKER_ARG, type Workers } from "./platform/processes.ts";
import { DEMO_ACCOUNTS } from "./platform/seed.ts";
import { startServer } from "./platform/server.ts";

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    Deno.exit(2);
  }
  throw e;
}

/**
 * No database error may end the process. The driver's known crash is patched
 * (patches/postgres+3.4.9.patch); should another connection error still escape every promise, it
 * is logged and contained here. Any other uncaught error still ends the process, as it should.
 */
const isDatabaseDriverError = (err: unknown) =>
  isConnectionError(err) ||
  /node_modules[\\/]postgres[\\/]/.test(String((err as Error | undefined)?.stack ?? ""));
addEventListener("unhandledrejection", (event) => {
  if (!isDatabaseDriverError(event.reason)) return;
  event.preventDefault();
  log("error", "database error contained", {
    error: String((event.reason as Error)?.message ?? event.reason),
  });
});
addEventListener("error", (event) => {
  if (!isDatabaseDriverError(event.error)) return;
  event.preventDefault();
  log("error", "database error contained", {
    error: String((event.error as Error)?.message ?? event.error),
  });
});

/** Started by a primary API process (API_PROCESSES > 1, processes.ts): serve, nothing more. */
const isWorker = Deno.args.includes(WORKER_ARG);

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(config, {
    worker: isWorker,
    // The embedded Postgres died and could not be restarted: a supervisor (or the user) restarts us.
    onFatal: (message) => {
      console.error(message);
      Deno.exit(1);
    },
  });
} catch (e) {
  if (e instanceof StartupError) {
    console.error(e.message);
    Deno.exit(1);
  }
  throw e;
}
log("info", "api listening", {
  url: server.url,
  pid: Deno.pid,
  role: isWorker ? "worker" : "primary",
});
const workers: Workers | null =
  !isWorker && config.API_PROCESSES > 1
    ? startWorkers(config.API_PROCESSES - 1, server.workerEnv)
    : null;
if (!isWorker) printBanner();

function printBanner() {
  console.log(
    `\n  Hosting portal: ${config.PUBLIC_URL}\n  API docs:       ${config.PUBLIC_URL}/api/docs`,
  );
  if (config.PORTAL_ENV === "production") {
    console.log(`  Production mode: listening on ${config.HOST}:${server.url.split(":").pop()}`);
  } else if (config.HOST === "127.0.0.1") {
    console.log(
      "  Listening on this machine only (127.0.0.1); HOST=0.0.0.0 opens it to the network",
    );
  } else {
    console.log(`  Listening on ${config.HOST}: reachable from the network`);
  }
  if (server.db.embedded) {
    console.log("  Demo sign-ins (seeded on an empty database):");
    for (const a of DEMO_ACCOUNTS)
      console.log(`    ${a.admin ? "admin   " : "customer"}  ${a.email} / ${a.password}`);
  }
  if (server.mailDir) {
    console.log(
      `  Mail catcher (no SMTP_URL): every mail is saved as an .eml file in ${server.mailDir}`,
    );
  }
  if (workers) console.log(`  API processes: ${config.API_PROCESSES} on one port (API_PROCESSES)`);
  console.log("");
}

// SIGTERM / Ctrl-C: requests in flight finish, the pool closes, the embedded Postgres stops
// cleanly. Repeated signals (a terminal's Ctrl-C reaches `npm start` and the API both) are ignored:
// the stop is bounded anyway (10 s of draining, then the pool and Postgres).
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log("info", "stopping: draining requests");
  try {
    // Workers drain in parallel with this process; the database closes after both.
    const workersStopped = workers?.stop();
    await server.close({ afterDrain: async () => await workersStopped });
  } catch (e) {
    log("error", "stop failed", { error: (e as Error).message });
    Deno.exit(1);
  }
  log("info", "stopped");
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
if (isWorker) exitWithParent(stop);
