#!/usr/bin/env node
/**
 * `npm run dev`: Vite dev servers with hot reload for the shell (http://localhost:5173) and
 * every remote of api/contracts/remote-registry.json (5101, 5102, …), plus the API in watch mode (PORT, 8000) and its embedded Postgres
 * (EMBEDDED_PG_PORT, 5433). DEV_PORT_<APP> sets a dev server's port; a default port that is
 * taken moves to the next free one, so a second checkout can run beside the first.
 * REMOTE_<NAME>_URL takes a remote from elsewhere instead of starting its dev server, e.g.
 *   REMOTE_SHOP_URL=https://portal.example.com/remotes/mf-shop/mf-manifest.json npm run dev
 * Ctrl-C stops everything this script started.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { apps, defaultDevPorts, devPortEnv, remoteUrlEnv } from "../shared-ui/vite-app-config.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const children = [];
function run(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const prefix = `[${name}]`.padEnd(14);
  const pipe = (stream, out) =>
    stream.on("data", (d) => {
      for (const line of String(d).split("\n")) if (line.trim()) out.write(`${prefix} ${line}\n`);
    });
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on("exit", (code) => console.log(`${prefix} exited (${code})`));
  children.push(child);
}

function isFree(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, () => srv.close(() => resolve(true)));
  });
}

/** DEV_PORT_<APP> when set (kept as is: someone relies on it), else the first free from the default. */
async function pickPort(envKey, preferred) {
  if (process.env[envKey]) return process.env[envKey];
  for (let port = preferred; port < preferred + 50; port++)
    if (await isFree(port)) return String(port);
  throw new Error(`no free port near ${preferred}; set ${envKey}`);
}

const ports = {};
for (const [app, port] of Object.entries(defaultDevPorts)) {
  const key = devPortEnv(app);
  ports[key] = await pickPort(key, port);
}
const apiPort = await pickPort("PORT", 8000);
// The embedded Postgres of another checkout may hold the default port; this one has its own data.
const pgPort = process.env.DATABASE_URL ? undefined : await pickPort("EMBEDDED_PG_PORT", 5433);
// Every child sees every port: the shell's /remotes.json names the remotes' servers.
const devEnv = { ...ports, PORT: apiPort, ...(pgPort ? { EMBEDDED_PG_PORT: pgPort } : {}) };
run("api", "npx", ["deno", "run", "-A", "--watch", "api/src/main.ts"], devEnv);
// The remotes of api/contracts/remote-registry.json, then the shell (apps[0]).
for (const { folder, federation } of apps.slice(1)) {
  const override = process.env[remoteUrlEnv(federation)];
  if (override) console.log(`[dev] ${folder} from ${override}`);
  else run(folder, "npm", ["run", "dev", "-w", folder], devEnv);
}
run("shell", "npm", ["run", "dev", "-w", apps[0].folder], devEnv);
console.log("[dev] portal: http://localhost:%s  (API on :%s)", ports.DEV_PORT_SHELL, apiPort);

/** Signals a child's whole process group: Vite's workers, deno's watcher and the API under it. */
function signalGroup(child, signal) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already exited.
  }
}

/** The embedded Postgres's lock file; gone once it has shut down cleanly. */
const postmasterPid = process.env.DATABASE_URL
  ? null
  : join(resolve(root, process.env.DATA_DIR ?? ".data"), "postgres", "postmaster.pid");

async function postgresGone(ms) {
  const deadline = Date.now() + ms;
  while (postmasterPid && existsSync(postmasterPid) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // SIGINT to every group, as a terminal's Ctrl-C does: Vite and the API stop gracefully and
  // Postgres makes a fast shutdown (clean: no stale lock for the next start).
  for (const c of children) signalGroup(c, "SIGINT");
  // A loaded machine can take many seconds over a clean shutdown; Postgres runs in a process
  // group of its own, so the SIGKILL below would not reach it.
  await postgresGone(30_000);
  // Still running: Postgres's immediate shutdown (SIGQUIT to the postmaster ends its workers too).
  if (postmasterPid && existsSync(postmasterPid)) {
    try {
      process.kill(Number(readFileSync(postmasterPid, "utf8").split("\n")[0]), "SIGQUIT");
    } catch {
      // Gone meanwhile, or the file was half written.
    }
    await postgresGone(5_000);
  }
  // deno --watch outlives its API (it waits for a file change), so whatever is left goes.
  for (const c of children) signalGroup(c, "SIGKILL");
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
