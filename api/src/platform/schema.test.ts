import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { ConfigError, loadConfig } from "./config.ts";
import { createTestDatabase, startTestApi, test } from "./testing.ts";

const api = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());
const sql = api.sql;

async function refused(query: Promise<unknown>, code: string) {
  await assert.rejects(query, (e: { code?: string }) => {
    assert.equal(e.code, code);
    return true;
  });
}

test("the database itself refuses a negative balance", async () => {
  const [p] =
    await sql`insert into profiles (username, email, credits, ledger_total) values ('neg', 'neg@example.com', 5, 5) returning id`;
  await refused(sql`update profiles set credits = credits - 5.01 where id = ${p!.id}`, "23514");
  await refused(sql`update profiles set credits = -1 where id = ${p!.id}`, "23514");
});

test("the database refuses a commit after which a balance differs from what its ledger sums to", async () => {
  // As the API's own role: no code path of the API can skip the rule.
  const app = api.deps.sql;
  const [p] = await app<{ id: string }[]>`
    insert into profiles (username, email) values ('books', 'books@example.com') returning id`;
  // A balance changed without its ledger row, and a ledger row without its balance change.
  await refused(app`update profiles set credits = credits + 10 where id = ${p!.id}`, "23514");
  await refused(
    app`insert into transactions (user_id, amount, kind) values (${p!.id}, 10, 'topup')`,
    "23514",
  );
  await refused(
    app.begin(async (tx) => {
      await tx`update profiles set credits = credits + 10 where id = ${p!.id}`;
      await tx`insert into transactions (user_id, amount, kind) values (${p!.id}, 9.99, 'topup')`;
    }),
    "23514",
  );
  // Both together, in either order, commit; the ledger still sums to the balance afterwards.
  await app.begin(async (tx) => {
    await tx`insert into transactions (user_id, amount, kind) values (${p!.id}, 10, 'topup')`;
    await tx`update profiles set credits = credits + 10 where id = ${p!.id}`;
  });
  await app.begin(async (tx) => {
    await tx`update profiles set credits = credits - 4 where id = ${p!.id}`;
    await tx`insert into transactions (user_id, amount, kind) values (${p!.id}, -4, 'purchase')`;
  });
  const [books] = await app<{ credits: string; sum: string }[]>`
    select credits::text, (select sum(amount) from transactions where user_id = ${p!.id})::text as sum
    from profiles where id = ${p!.id}`;
  assert.deepEqual(books, { credits: "6.00", sum: "6.00" });
  // Removing a user removes their ledger with them.
  await app`delete from profiles where id = ${p!.id}`;
});

test("the database refuses unknown statuses and types, and a duplicate email in any case", async () => {
  const [p] =
    await sql`insert into profiles (username, email) values ('enum', 'Enum@example.com') returning id`;
  const [prod] =
    await sql`insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('P', 1, '1', '1', '1', '1', 'yes', 'vps') returning id`;
  await refused(
    sql`insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('P', 1, '1', '1', '1', '1', 'yes', 'cloud')`,
    "23514",
  );
  await refused(
    sql`insert into orders (user_id, product_id, expire_date, status)
    values (${p!.id}, ${prod!.id}, now(), 'paused')`,
    "23514",
  );
  await refused(
    sql`insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
    values (${p!.id}, 'vps', 'deleted', '10.0.0.1', '1', '1', '1', 1)`,
    "23514",
  );
  await refused(
    sql`insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id)
    values (${p!.id}, 'cloud', '10.0.0.1', '1', '1', '1', 1)`,
    "23514",
  );
  await refused(
    sql`insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id)
    values (${p!.id}, 'vps', '300.0.0.1', '1', '1', '1', 1)`,
    "23514",
  );
  await refused(
    sql`insert into profiles (username, email) values ('enum2', 'enum@EXAMPLE.com')`,
    "23505",
  );
  await refused(
    sql`insert into user_roles (user_id, role) values (${p!.id}, 'superuser')`,
    "23514",
  );
});

test("a service can only be linked to an order of its own user", async () => {
  const [a] =
    await sql`insert into profiles (username, email) values ('own_a', 'own_a@example.com') returning id`;
  const [b] =
    await sql`insert into profiles (username, email) values ('own_b', 'own_b@example.com') returning id`;
  const [prod] =
    await sql`insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('P', 1, '1', '1', '1', '1', 'yes', 'vps') returning id`;
  const [order] =
    await sql`insert into orders (user_id, product_id, expire_date) values (${a!.id}, ${prod!.id}, now()) returning id`;
  await refused(
    sql`insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id, order_id)
    values (${b!.id}, 'vps', '10.0.0.1', '1', '1', '1', 1, ${order!.id})`,
    "23503",
  );
});

test("a wrong or missing variable stops start-up with a message naming it", () => {
  assert.throws(
    () => loadConfig({ PORT: "eighty" }),
    (e: Error) => e instanceof ConfigError && /PORT/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ DATABASE_URL: "not a url" }),
    (e: Error) => /DATABASE_URL/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ MFA_ENCRYPTION_KEY: "c2hvcnQ=" }),
    (e: Error) => /MFA_ENCRYPTION_KEY/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ SERVER_PROVIDER_URL: "http://x.test" }),
    (e: Error) => /SERVER_PROVIDER_TOKEN/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ API_PROCESSES: "0" }),
    (e: Error) => /API_PROCESSES/.test(e.message),
  );
  // Five processes of 20 connections (and 2 more each) would exhaust the embedded Postgres's 100.
  assert.throws(
    () => loadConfig({ API_PROCESSES: "5" }),
    (e: Error) => /API_PROCESSES: 5 processes .* 110 connections/.test(e.message),
  );
  assert.equal(loadConfig({ API_PROCESSES: "5", DATABASE_POOL_MAX: "10" }).API_PROCESSES, 5);
  assert.equal(
    loadConfig({ API_PROCESSES: "5", DATABASE_URL: "postgres://db.test/portal" }).API_PROCESSES,
    5,
  );
});

test("two API processes started at once on one empty database both come up; migrations ran once", async () => {
  const databaseUrl = await createTestDatabase();
  const main = fileURLToPath(new URL("../main.ts", import.meta.url));
  const start = () =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", main],
      env: {
        LOG_LEVEL: "info",
        DATABASE_URL: databaseUrl,
        PORT: "0",
        HOST: "127.0.0.1",
        SEED_DEMO: "true",
        JOBS_ENABLED: "false",
        DATA_DIR: Deno.makeTempDirSync(),
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  const procs = [start(), start()];
  try {
    await Promise.all(
      procs.map(async (p) => {
        const reader = p.stdout.pipeThrough(new TextDecoderStream()).getReader();
        let out = "";
        while (!out.includes("api listening")) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`API exited early: ${out}`);
          out += value;
        }
        reader.releaseLock();
      }),
    );
    const check = postgres(databaseUrl, { max: 1 });
    const rows = await check`select name, count(*)::int as n from schema_migrations group by name`;
    const files = [...Deno.readDirSync(new URL("../../migrations/", import.meta.url))].filter((f) =>
      f.name.endsWith(".sql"),
    );
    assert.equal(rows.length, files.length);
    assert.ok(rows.every((r) => r.n === 1));
    const [{ admins }] =
      (await check`select count(*)::int as admins from user_roles`) as unknown as [
        { admins: number },
      ];
    assert.equal(admins, 1, "demo data seeded once");
    await check.end();
  } finally {
    for (const p of procs) {
      p.kill("SIGTERM");
      await p.status;
      await p.stdout.cancel().catch(() => {});
      await p.stderr.cancel().catch(() => {});
    }
  }
});
