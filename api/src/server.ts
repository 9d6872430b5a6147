import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db.ts";
import { migrate } from "./migrate.ts";
import { createSigner, loadSigningKey } from "./auth/tokens.ts";
import { createSecretBox, loadSecretBoxKey } from "./auth/secret-box.ts";
import { startEventHub } from "./events/hub.ts";
import { createApp } from "./app.ts";
import type { Deps } from "./context.ts";
import { seedDemo } from "./seed.ts";
import { setupPayPal } from "./billing/paypal-client.ts";
import { startJobs } from "./jobs/scheduler.ts";
import { openProvider } from "./services/provider-client.ts";

export interface Server {
  url: string;
  db: Database;
  deps: Deps;
  seeded: boolean;
  close(): Promise<void>;
}

/** Everything `main.ts` does, as a function the tests can call too. */
export async function startServer(config: Config): Promise<Server> {
  const db = await openDatabase(config);
  await migrate(db.sql);
  const seeded = (config.SEED_DEMO ?? db.embedded) ? await seedDemo(db.sql) : false;
  const signer = await createSigner(await loadSigningKey(config), config);
  const events = await startEventHub(db.sql);
  const paypal = await setupPayPal(config);
  const provider = await openProvider(config);
  const secretBox = await createSecretBox(loadSecretBoxKey(config));
  const deps: Deps = { sql: db.sql, config, signer, secretBox, events, provider: provider.client, paypal: paypal.client };
  const app = createApp(deps, { staticRoot: config.STATIC_ROOT });
  const abort = new AbortController();
  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    { port: config.PORT, hostname: config.HOST, signal: abort.signal, onListen: resolve },
    (req, info) => app.fetch(req, info),
  );
  const addr = await listening;
  const jobs = config.JOBS_ENABLED ? startJobs(db.sql) : null;
  const host = addr.hostname === "0.0.0.0" ? "localhost" : addr.hostname;
  return {
    url: `http://${host}:${addr.port}`,
    db,
    deps,
    seeded,
    async close() {
      abort.abort();
      await server.finished;
      await jobs?.stop();
      await events.close();
      await provider.close();
      await paypal.close();
      await db.close();
    },
  };
}
