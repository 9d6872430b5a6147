#!/usr/bin/env node
/**
 * `npm run dev`: Vite dev servers with hot reload for the shell (http://localhost:5173) and
 * every remote, plus the API in watch mode. REMOTE_<NAME>_URL takes a remote from elsewhere
 * instead of starting its dev server, e.g.
 *   REMOTE_SHOP_URL=https://portal.example.com/remotes/mf-shop/mf-manifest.json npm run dev
 * Ctrl-C stops everything this script started.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const remotes = {
  account: "mf-account",
  shop: "mf-shop",
  services: "mf-services",
  admin: "mf-admin",
};

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

const apiPort = process.env.PORT ?? "8000";
run("api", "npx", ["deno", "run", "-A", "--watch", "api/src/main.ts"], { PORT: apiPort });
for (const [key, ws] of Object.entries(remotes)) {
  const override = process.env[`REMOTE_${key.toUpperCase()}_URL`];
  if (override) console.log(`[dev] ${ws} from ${override}`);
  else run(ws, "npm", ["run", "dev", "-w", ws]);
}
run("shell", "npm", ["run", "dev", "-w", "shell"]);
console.log("[dev] portal: http://localhost:5173  (API on :%s)", apiPort);

/** Signals a child's whole process group: Vite's workers, deno's watcher and the API under it. */
function signalGroup(child, signal) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already exited.
  }
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const c of children) signalGroup(c, "SIGTERM");
  // deno --watch survives SIGTERM (it waits for a file change to restart the API), so whatever
  // is left after the API's graceful stop is killed.
  setTimeout(() => {
    for (const c of children) signalGroup(c, "SIGKILL");
    process.exit(0);
  }, 3000);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
