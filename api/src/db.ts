import { join, resolve } from "node:path";
import postgres from "postgres";
import type { Config } from "./config.ts";
import { startEmbedded } from "./db-embedded.ts";
import { createHealth, type DbHealth } from "./db-health.ts";
import { log } from "./log.ts";

export type Sql = postgres.Sql;
/** A transaction handle inside `sql.begin(...)`; functions taking `Sql | Tx` run in or out of one. */
export type Tx = postgres.TransactionSql;
export type Db = Sql | Tx;
/** A piece of SQL (an unawaited tagged template) to compose into a statement. */
export type Fragment = postgres.Fragment;

export interface Database {
  sql: Sql;
  url: string;
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
  try {
    const admin = connect(
      `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`,
      1,
    );
    const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DB}`;
    if (!exists) await admin.unsafe(`create database ${EMBEDDED_DB}`);
    await admin.end();
  } catch (e) {
    await pg.stop();
    throw e;
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/${EMBEDDED_DB}`;
  const sql = connect(url, config.DATABASE_POOL_MAX);
  const health = createHealth(url);
  healthBySql.set(sql, health);
  log("info", "embedded postgres started", { dir, port: config.EMBEDDED_PG_PORT });
  return {
    sql,
    url,
    embedded: true,
    health,
    close: async () => {
      await health.close();
      await sql.end({ timeout: 5 }).catch(() => {});
      await pg.stop();
    },
  };
}

export function connect(url: string, max = 20): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
    // numeric stays a string: money is never a JS float.
    types: {},
    connection: { application_name: "hosting-portal-api" },
    // A database that does not answer fails the query within seconds instead of 30.
    connect_timeout: 5,
    // Reconnect attempts stay quick after an outage (the default grows to 20 s between attempts).
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  });
}
