import { join } from "node:path";
import { ErrorCode } from "../../contracts/errors.ts";
import { httpMessages } from "../../contracts/http-messages.ts";
import { matchLocale } from "../../contracts/i18n/locales.ts";
import { createApp } from "../app.ts";
import { createSecretBox, loadSecretBoxKey } from "../auth/secret-box.ts";
import { createSigner, loadSigningKey } from "../auth/tokens.ts";
import { setupPayPal } from "../billing/paypal-client.ts";
import { startEventHub } from "../events/hub.ts";
import { startHistorySamplerOf } from "../history/sampler.ts";
import { localizeError } from "../i18n/i18n.ts";
import { startJobs } from "../jobs/scheduler.ts";
import { type MailDelivery, startMailDelivery } from "../mail/mail.ts";
import { openProvider } from "../provider/open-provider.ts";
import { startProviderRunner } from "../provisioning/runner.ts";
import { providerRunnerDeps, seedProviderOf } from "../provisioning/setup.ts";
import type { Config } from "./config.ts";
import type { Deps } from "./context.ts";
import { connect, type Database, openDatabase } from "./db.ts";
import { StartupError } from "./db-embedded.ts";
import { isConnectionError } from "./db-health.ts";
import { InputMessages } from "./http-error.ts";
import { log } from "./log.ts";
import { migrateDatabase } from "./migrate.ts";
import { seedDemo } from "./seed.ts";

export interface Server {
  url: string;
  db: Database;
  deps: Deps;
  seeded: boolean;
  /** The local mail catcher's folder (no SMTP_URL, jobs enabled), else null. */
  mailDir: string | null;
  /**
   * The environment that makes another process one more instance of this one on the same port
   * (API_PROCESSES, processes.ts): this database and these simulators, no jobs, no seeding.
   */
  workerEnv: Record<string, string>;
  /** `afterDrain` runs once this process's requests are done, before the database closes. */
  close(options?: { afterDrain?: () => Promise<void> }): Promise<void>;
}

/** How long a stop waits for requests in flight before it closes the remaining connections. */
const DRAIN_MS = 10_000;
/** How long start-up waits for a DATABASE_URL server that does not answer yet. */
const DATABASE_WAIT_MS = 30_000;

/**
 * The gate's 503, in the language of the request's Accept-Language: it answers before the app
 * (and its localizedErrors), and without the database, so a saved language is not asked for.
 * English stays as it was, byte for byte.
 */
const unavailable = (req: Request, message: string, headers: Record<string, string> = {}) => {
  const locale = matchLocale(req.headers.get("accept-language")) ?? "en";
  const translated = localizeError(message, locale);
  return Response.json(
    { error: { code: ErrorCode.unavailable, message: translated } },
    {
      status: 503,
      headers: {
        "Retry-After": "2",
        ...(translated === message ? {} : { "Content-Language": locale }),
        Vary: "Accept-Language",
        ...headers,
      },
    },
  );
};

function portInUse(port: number, hostname: string): boolean {
  if (port === 0) return false;
  try {
    Deno.listen({ port, hostname }).close();
    return false;
  } catch (e) {
    return e instanceof Deno.errors.AddrInUse;
  }
}

const httpPortMessage = (port: number) =>
  `Port ${port} (HTTP) is already in use (another API or checkout running?): set PORT to a free port`;

async function waitForDatabase(db: Database) {
  const deadline = Date.now() + DATABASE_WAIT_MS;
  // As the owner: the app role may not exist yet on a new database (migrateDatabase creates it).
  const probe = db.migrationUrl === db.url ? db.sql : connect(db.migrationUrl, 1);
  try {
    for (let logged = false; ; ) {
      try {
        await probe`select 1`;
        return;
      } catch (e) {
        if (!isConnectionError(e)) throw e;
        if (Date.now() > deadline) {
          throw new StartupError(
            `The database does not answer (${(e as Error).message}): check DATABASE_URL`,
          );
        }
        if (!logged) log("warn", "waiting for the database", { error: (e as Error).message });
        logged = true;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    if (probe !== db.sql) await probe.end({ timeout: 1 });
  }
}

/** Everything `main.ts` does, as a function the tests can call too. */
export async function startServer(
  config: Config,
  hooks: { onFatal?: (message: string) => void; worker?: boolean } = {},
): Promise<Server> {
  // A taken port is one clear line, found before anything else starts. A worker's port
  // is taken on purpose: its primary listens there too (SO_REUSEPORT).
  if (!hooks.worker && portInUse(config.PORT, config.HOST))
    throw new StartupError(httpPortMessage(config.PORT));
  const db = await openDatabase(config, hooks);
  let started = false;
  try {
    if (!db.embedded) await waitForDatabase(db);
    const server = await serve(config, db);
    started = true;
    return server;
  } finally {
    if (!started) await db.close().catch(() => {});
  }
}

/**
 * Start-up, before the port is open: the database migrated (as the owner; the API itself serves
 * as the app role of DATABASE_URL, README, Database roles), the provider and PayPal (or their
 * simulators), the demo data, and the Deps every part of the app receives.
 */
async function startDeps(config: Config, db: Database) {
  await migrateDatabase(db);
  // The in-process simulator keeps its servers beside the embedded database's files, so the
  // servers the portal made are still there after a restart.
  const provider = await openProvider(config, {
    statePath: db.embedded ? join(config.DATA_DIR, "provider-sim.json") : undefined,
  });
  const seeded =
    (config.SEED_DEMO ?? db.embedded)
      ? await seedDemo(db.sql, await seedProviderOf(provider))
      : false;
  const signer = await createSigner(await loadSigningKey(config), config);
  const events = await startEventHub(db.sql);
  const paypal = await setupPayPal(config);
  const secretBox = await createSecretBox(loadSecretBoxKey(config));
  const deps: Deps = {
    sql: db.sql,
    config,
    signer,
    secretBox,
    events,
    provider: provider.provider,
    paypal: paypal.client,
  };
  /** The outside connections start-up opened, closed last on the way down. */
  const closeOutside = async () => {
    await withTimeout(events.close(), 3_000);
    await provider.close();
    await paypal.close();
  };
  return { deps, seeded, provider, paypal, closeOutside };
}

/**
 * The 503 gate in front of the app. While the database is down, API calls answer 503 at once (no
 * queueing behind the pool's reconnects); once `drain` is called, new requests are refused and
 * those in flight finish.
 */
export function gate(
  app: { fetch: Deno.ServeHandler<Deno.NetAddr> },
  db: Pick<Database, "health">,
) {
  let stopping = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  return {
    handler: async (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => {
      if (stopping) return unavailable(req, httpMessages.restarting, { Connection: "close" });
      // The path is only needed while the database is down: no URL parsed per request otherwise.
      const path = db.health.up ? "" : new URL(req.url).pathname;
      if (!db.health.up && (path.startsWith("/api/") || path === "/readyz")) {
        return path === "/readyz"
          ? Response.json({ status: "database unreachable" }, { status: 503 })
          : unavailable(req, InputMessages.unavailable);
      }
      inFlight++;
      try {
        return await app.fetch(req, info);
      } finally {
        if (--inFlight === 0) idle?.();
      }
    },
    /** Refuses new requests from now on; resolves once those in flight are done, or after `ms`. */
    drain(ms: number): Promise<void> {
      stopping = true;
      const drained = inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => (idle = r));
      const deadline = new Promise<void>((r) => setTimeout(r, ms));
      return Promise.race([drained, deadline]);
    },
  };
}

/** What runs beside the requests where JOBS_ENABLED: jobs, provider work, history, mail. */
interface Background {
  jobs: { stop(): Promise<unknown> } | null;
  providerJobs: { stop(): Promise<unknown> } | null;
  history: { stop(): Promise<unknown> } | null;
  mail: MailDelivery | null;
}

/**
 * Shutdown, in order: stop accepting and let requests in flight finish (up to DRAIN_MS; event
 * streams never finish on their own, so they are closed once the other requests are done), then
 * `afterDrain`, then the background work, the outside connections, and last the pool (queries in
 * flight end) and the embedded Postgres.
 */
async function shutdown(
  listener: { server: Deno.HttpServer<Deno.NetAddr>; abort: AbortController },
  requests: ReturnType<typeof gate>,
  background: Background,
  closeOutside: () => Promise<void>,
  db: Database,
  afterDrain?: () => Promise<void>,
): Promise<void> {
  const { server, abort } = listener;
  const draining = requests.drain(DRAIN_MS);
  const shuttingDown = server.shutdown();
  await draining;
  let shutDown = false;
  await Promise.race([
    shuttingDown.then(() => (shutDown = true)),
    new Promise((r) => setTimeout(r, 200)),
  ]);
  if (!shutDown) {
    try {
      abort.abort(); // closes what is left (event streams)
    } catch {
      /* finished meanwhile */
    }
  }
  await server.finished;
  await afterDrain?.();
  await background.jobs?.stop();
  // Bounded: a step waiting on a slow provider call is abandoned rather than awaited (its
  // lease runs out and the job is taken up again; its writes are fenced by the lease).
  await withTimeout(background.providerJobs?.stop() ?? Promise.resolve(), 3_000);
  await withTimeout(background.history?.stop() ?? Promise.resolve(), 3_000);
  await background.mail?.close();
  await closeOutside();
  await db.close();
}

async function serve(config: Config, db: Database): Promise<Server> {
  const { deps, seeded, provider, paypal, closeOutside } = await startDeps(config, db);
  const requests = gate(createApp(deps, { staticRoot: config.STATIC_ROOT }), db);
  const abort = new AbortController();
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve(
      {
        port: config.PORT,
        hostname: config.HOST,
        // API_PROCESSES > 1: the primary and its workers share the port (processes.ts).
        reusePort: config.API_PROCESSES > 1,
        signal: abort.signal,
        onListen: resolve,
      },
      requests.handler,
    );
  } catch (e) {
    await Promise.allSettled([deps.events.close(), provider.close(), paypal.close()]);
    if (e instanceof Deno.errors.AddrInUse) throw new StartupError(httpPortMessage(config.PORT));
    throw e;
  }
  const addr = await listening;
  const background: Background = {
    jobs: config.JOBS_ENABLED
      ? startJobs(db.sql, undefined, { paypal: paypal.client, config })
      : null,
    // Any replica (and every API process) may work provider jobs: they are claimed and leased.
    providerJobs: config.JOBS_ENABLED ? startProviderRunner(providerRunnerDeps(deps)) : null,
    // The history graphs' sampler: one provider reading per active server per minute, claimed.
    history: config.JOBS_ENABLED ? startHistorySamplerOf(deps) : null,
    mail: null,
  };
  // The outbox worker runs where the jobs run; SKIP LOCKED keeps replicas apart.
  try {
    background.mail = config.JOBS_ENABLED
      ? await startMailDelivery(db.sql, config, deps.secretBox)
      : null;
  } catch (e) {
    await background.jobs?.stop();
    await background.providerJobs?.stop();
    await background.history?.stop();
    abort.abort();
    await server.finished;
    await Promise.allSettled([deps.events.close(), provider.close(), paypal.close()]);
    if (e instanceof Deno.errors.AddrInUse || (e as { code?: string }).code === "EADDRINUSE")
      throw new StartupError(
        `Port ${config.MAIL_CATCHER_PORT} (mail catcher) is already in use: set MAIL_CATCHER_PORT to a free port, or 0`,
      );
    throw e;
  }
  const host = addr.hostname === "0.0.0.0" ? "localhost" : addr.hostname;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${addr.port}`,
    db,
    deps,
    seeded,
    mailDir: background.mail?.catcherDir ?? null,
    workerEnv: {
      DATABASE_URL: db.url,
      DATABASE_MIGRATION_URL: db.migrationUrl,
      PORT: String(addr.port),
      JOBS_ENABLED: "false",
      SEED_DEMO: "false",
      ...(paypal.sim ? { PAYPAL_SIM_URL: paypal.sim.url } : {}),
      ...(provider.sim
        ? { SERVER_PROVIDER_URL: provider.sim.url, SERVER_PROVIDER_TOKEN: provider.sim.token }
        : {}),
    },
    close(options = {}) {
      closing ??= shutdown(
        { server, abort },
        requests,
        background,
        closeOutside,
        db,
        options.afterDrain,
      );
      return closing;
    },
  };
}

async function withTimeout(p: Promise<unknown>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([p.catch(() => {}), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}
