import assert from "node:assert/strict";
import { connect } from "../platform/db.ts";
import { migrate } from "../platform/migrate.ts";
import { createTestDatabase, test } from "../platform/testing.ts";

/**
 * Migration 040 on a database with customers and money: every user becomes the owner of an
 * account holding what they own today (same id, so their orders, services and ledger stay
 * theirs), and the ledger sums to every balance before and after.
 */
test("accounts migration: every existing user owns an account holding their money and orders; ledger = balance before and after", async () => {
  const sql = connect(await createTestDatabase(), 4);
  try {
    await migrate(sql, { before: "040" });
    const [product] = await sql<{ id: string }[]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values ('M', '5.00', '1', '1 GB', '10 GB', '1 Gbit/s', 'Always-on', 'vps') returning id`;
    const users: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [p] = await sql<{ id: string }[]>`
        insert into profiles (username, email) values (${`mig${i}`}, ${`mig${i}@example.com`})
        returning id`;
      users.push(p!.id);
      await sql.begin(async (tx) => {
        // A top-up of 20.00 + i and a purchase of 5.00, each with its ledger row.
        await tx`insert into transactions (user_id, amount, kind) values
          (${p!.id}, ${20 + i}, 'topup'), (${p!.id}, -5, 'purchase')`;
        await tx`update profiles set credits = ${15 + i} where id = ${p!.id}`;
        await tx`insert into orders (user_id, product_id, expire_date)
          values (${p!.id}, ${product!.id}, now() + interval '30 days')`;
      });
    }
    const ledgerHolds = async () =>
      (
        await sql<{ ok: boolean }[]>`
          select bool_and(credits = ledger_total
            and ledger_total = (select coalesce(sum(amount), 0) from transactions t where t.user_id = p.id)) as ok
          from profiles p`
      )[0]!.ok;
    const before = await sql<{ id: string; credits: string }[]>`
      select id, credits::text from profiles order by id`;
    assert.equal(await ledgerHolds(), true);

    await migrate(sql);

    assert.equal(await ledgerHolds(), true);
    assert.deepEqual(
      await sql<
        { id: string; credits: string }[]
      >`select id, credits::text from profiles order by id`,
      before,
    );
    const owners = await sql<{ account_id: string; user_id: string; role: string }[]>`
      select account_id, user_id, role from account_members order by account_id`;
    assert.deepEqual(
      [...owners],
      [...users].sort().map((id) => ({ account_id: id, user_id: id, role: "owner" })),
    );
    // The account's orders are the ones its owner had.
    const [{ orders }] = await sql<{ orders: number }[]>`
      select count(*)::int as orders from orders o join accounts a on a.id = o.user_id`;
    assert.equal(orders, 5);
    // A user made after the migration owns an account of their own too.
    const [late] = await sql<{ id: string }[]>`
      insert into profiles (username, email) values ('late', 'late@example.com') returning id`;
    const [own] = await sql`select role from account_members
      where account_id = ${late!.id} and user_id = ${late!.id}`;
    assert.equal(own?.role, "owner");
  } finally {
    await sql.end({ timeout: 1 });
  }
});
