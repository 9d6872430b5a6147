import assert from "node:assert/strict";
import postgres from "postgres";
import { startTestApi, type TestApi, test } from "../platform/testing.ts";
import { purchase, renew } from "./shop.service.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

/**
 * One money path for a purchase and a renewal (money.ts). Both move money in the same
 * two statements, whatever else the transaction does: the conditional debit of the balance, then
 * the order write with its ledger row and the idempotency key's outcome. Every statement holds the
 * buyer's profile row lock a round trip longer, so the path must not grow.
 */
test("a purchase and a renewal move money in the same two statements", async () => {
  const [user] = await api.sql<[{ id: string }?]>`
    insert into profiles (username, email, credits, ledger_total) values ('trips', 'trips@example.com', 100, 100)
    returning id`;
  const [product] = await api.sql<[{ id: string }?]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('Trips', 10, '2 vCores', '4 GB', '80 GB', '1 Gbit/s', 'Always-on', 'vps') returning id`;
  assert.ok(user && product);
  let statements: string[] = [];
  const sql = postgres(api.databaseUrl, {
    max: 1,
    onnotice: () => {},
    types: {},
    debug: (_connection, query) => void statements.push(query),
  });
  /** The statements that debit the balance, write the ledger or record the key's outcome. */
  const moneyPath = () =>
    statements
      .filter((q) =>
        /update profiles set credits|insert into transactions|update idempotency_keys/.test(q),
      )
      .map((q) => ({
        debit: /update profiles set credits/.test(q),
        ledger: /insert into transactions/.test(q),
        key: /update idempotency_keys/.test(q),
      }));
  const expected = [
    { debit: true, ledger: false, key: false },
    { debit: false, ledger: true, key: true },
  ];
  try {
    // The connection's own start-up queries (its type lookup) are not the purchase's.
    await sql`select 1`;
    statements = [];
    const bought = await purchase(sql, user.id, product.id, "round-trips-purchase-key");
    assert.equal(bought.credits, "90.00");
    assert.deepEqual(moneyPath(), expected);
    // The invoice counter's row lock serialises every purchase, so nothing but the
    // commit may follow the invoice's statement; and the whole purchase stays at these statements
    // (the customer snapshot pipelined with the key claim, the audit row and the receipt with the
    // invoice, whose own audit row is in its statement).
    assert.deepEqual(
      statements.map(
        (q) =>
          q
            .trim()
            .match(
              /^(begin|commit)|insert into idempotency_keys|from profiles p left join billing_details|update profiles set credits|insert into transactions|insert into services|insert into audit_log|insert into mail_outbox|insert into invoice_counters/,
            )?.[0],
      ),
      [
        "begin",
        "from profiles p left join billing_details",
        "insert into idempotency_keys",
        "update profiles set credits",
        "insert into transactions",
        // The new service (provisioning) and its provider job, in the same round trip.
        "insert into services",
        "insert into audit_log",
        "insert into mail_outbox",
        "insert into invoice_counters",
        "commit",
      ],
    );

    statements = [];
    const renewed = await renew(sql, user.id, bought.order.id, "round-trips-renewal-key");
    assert.equal(renewed.credits, "80.00");
    assert.deepEqual(moneyPath(), expected);
  } finally {
    await sql.end();
  }
});
