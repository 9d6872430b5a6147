import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "./processes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    repoRoot: string;
    /**
     * The portal's embedded server-provider simulator (its origin; the API under /api/v1, the
     * control routes under /__sim/) and its token, so journeys can read and steer it.
     */
    providerUrl: string;
    providerToken: string;
    /** The portal runs without SMTP_URL, so its mail catcher saves every mail here (.eml). */
    mailDir: string;
  }
}

const repoRoot = join(import.meta.dirname, "..");

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`portal not ready at ${url}/readyz after ${timeoutMs} ms`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Starts the portal once, like a user would (`npm start`), on free ports and a fresh DATA_DIR. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const pgPort = await freePort();
  const providerPort = await freePort();
  const providerToken = `e2e-${Math.random().toString(36).slice(2)}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-"));
  // Embedded Postgres runs as its own OS user when started as root: it must reach this dir.
  chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    STATIC_ROOT: repoRoot,
    SERVER_PROVIDER_SIM_PORT: String(providerPort),
    SERVER_PROVIDER_TOKEN: providerToken,
    // A purchased VPS is made by the provider job runner at the in-process simulator: a 1 s job,
    // read every 250 ms, keeps the journeys that buy one short (defaults: 3 s and 1 s).
    SERVER_PROVIDER_SIM_JOB_SECONDS: "1",
    PROVIDER_POLL_MS: "250",
    // Every simulated customer signs in from 127.0.0.1: the per-IP limit (60 per 5 minutes, its
    // own API tests) would refuse the suite's own journeys. So would the per-account one (10 per
    // 5 minutes, tested in api/src/auth/auth.test.ts): the suite signs the demo admin in about a
    // dozen times, and a fast run packed more than 10 into 5 minutes (the screenshots test's
    // sign-in stayed on the login page).
    AUTH_RATE_LIMIT_PER_IP: "1000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "1000",
  };
  const startScript = join(repoRoot, "scripts", "start.mjs");
  // Until scripts/start.mjs exists, run the API the way it would (it serves the built apps too).
  const [cmd, args] = existsSync(startScript)
    ? ["node", [startScript]]
    : ["npx", ["deno", "run", "-A", "api/src/main.ts"]];
  const child = spawn(cmd, args as string[], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitReady(baseUrl, child, 150_000);
  } catch (err) {
    console.error(log);
    killGroup(child, "SIGTERM");
    throw err;
  }
  project.provide("baseUrl", baseUrl);
  // The embedded superuser (the tests set up and inspect what the API may not), with the password
  // the portal generated into its DATA_DIR.
  const superuser = readFileSync(join(dataDir, "postgres-password"), "utf8").trim();
  project.provide("databaseUrl", `postgres://postgres:${superuser}@127.0.0.1:${pgPort}/portal`);
  project.provide("repoRoot", repoRoot);
  project.provide("providerUrl", `http://127.0.0.1:${providerPort}`);
  project.provide("providerToken", providerToken);
  project.provide("mailDir", join(dataDir, "mails"));

  return async () => {
    if (child.pid && child.exitCode === null) {
      // The whole process group: start.mjs, deno and the embedded Postgres it spawned.
      killGroup(child, "SIGTERM");
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          killGroup(child, "SIGKILL");
          resolve();
        }, 10_000);
        child.once("exit", () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
