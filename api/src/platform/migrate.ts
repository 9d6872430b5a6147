import { join } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import { connect, type Database, type Sql } from "./db.ts";
import { checkAppRole, prepareAppRole, separateRoles } from "./db-roles.ts";
import { log } from "./log.ts";

const MIGRATIONS_DIR = fromFileUrl(new URL("../../migrations/", import.meta.url));
// Any constant works; it only has to be the same for every API instance.
const MIGRATION_LOCK = 72_701_001;

/**
 * Applies pending forward-only migrations, each once, in file-name order. The advisory lock makes
 * instances that start at the same moment wait for each other instead of racing.
 */
export async function migrate(
  sql: Sql,
  /** Only the migrations named before this (a test of one migration sets up the data before it). */
  options: { before?: string } = {},
): Promise<string[]> {
  const files = [...Deno.readDirSync(MIGRATIONS_DIR)]
    .filter((e) => e.isFile && e.name.endsWith(".sql"))
    .filter((e) => !options.before || e.name < options.before)
    .map((e) => e.name)
    .sort();
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`;
    const done = new Set(
      (await tx<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.unsafe(Deno.readTextFileSync(join(MIGRATIONS_DIR, name)));
      await tx`insert into schema_migrations (name) values (${name})`;
      applied.push(name);
      log("info", "migration applied", { name });
    }
    // The app role's privileges, anew at every start (migration 025): a role the administrator
    // created after that migration ran gets them too. Under the lock: concurrent GRANTs on one
    // table fail with "tuple concurrently updated".
    await tx`select portal_app_grants()`;
    return applied;
  });
}

/**
 * Migrates as the owner (DATABASE_MIGRATION_URL) when the API serves as another role: makes sure
 * that role can sign in, migrates, then checks the role may not rewrite invoices or the audit
 * log. With one role for both (no DATABASE_MIGRATION_URL) it migrates over the API's own pool.
 */
export async function migrateDatabase(
  db: Pick<Database, "sql" | "url" | "migrationUrl">,
): Promise<string[]> {
  if (!separateRoles(db.url, db.migrationUrl)) return await migrate(db.sql);
  const owner = connect(db.migrationUrl, 1);
  try {
    await prepareAppRole(owner, db.url);
    const applied = await migrate(owner);
    await checkAppRole(db.sql);
    return applied;
  } finally {
    await owner.end({ timeout: 5 });
  }
}
