import assert from "node:assert/strict";
import { DEMO_CUSTOMER_DATA, seedDemo } from "./seed.ts";
import { json, startTestApi, test } from "./testing.ts";

/** The first run shows the product: the demo customer has credits, services linked to orders, a ledger. */

const api = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

test("seed: an empty database gets the demo customer's balance, services, orders and ledger; a second run changes nothing", async () => {
  assert.equal(await seedDemo(api.sql), true, "seeds the empty database");
  const counts = async () =>
    (
      await api.sql<Record<string, number>[]>`
      select (select count(*)::int from profiles) as profiles, (select count(*)::int from products) as products,
        (select count(*)::int from orders) as orders, (select count(*)::int from services) as services,
        (select count(*)::int from transactions) as transactions, (select count(*)::int from audit_log) as audits`
    )[0];
  const before = await counts();
  assert.equal(await seedDemo(api.sql), false, "a database with profiles is left alone");
  assert.deepEqual(await counts(), before);

  const signIn = await api.fetch("/api/auth/sign-in", {
    method: "POST",
    json: { email: "customer@example.com", password: "customer123" },
  });
  assert.equal(signIn.status, 200);
  const { access_token: token } = await json<{ access_token: string }>(signIn);

  const { credits } = await json<{ credits: string }>(
    await api.fetch("/api/account/profile", { token }),
  );
  assert.equal(credits, DEMO_CUSTOMER_DATA.credits);

  const { services } = await json<{
    services: { service_type: string; service_status: string; order_id: string | null }[];
  }>(await api.fetch("/api/services", { token }));
  assert.deepEqual(services.map((s) => [s.service_type, s.service_status]).sort(), [
    ["dedicated", "active"],
    ["vps", "active"],
  ]);

  const { orders } = await json<{ orders: { id: string; status: string; product_name: string }[] }>(
    await api.fetch("/api/shop/orders", { token }),
  );
  assert.deepEqual(orders.map((o) => [o.product_name, o.status]).sort(), [
    ["Dedicated AMD", "active"],
    ["VPS Plus", "active"],
  ]);

  // Each service is linked to its own order of the same user (as an admin links them).
  const links = await api.sql<{ service_type: string; product_type: string }[]>`
    select s.service_type, p.product_type from services s
    join orders o on o.id = s.order_id and o.user_id = s.user_id join products p on p.id = o.product_id
    join profiles u on u.id = s.user_id where u.email = 'customer@example.com'`;
  assert.equal(links.length, 2);
  for (const l of links) assert.equal(l.service_type, l.product_type);

  // The ledger: a top-up and the two purchases, summing to the balance; every user's balance equals its ledger.
  const { transactions } = await json<{
    transactions: { amount: string; paypal_transaction_id: string | null }[];
  }>(await api.fetch("/api/billing/transactions", { token }));
  assert.deepEqual(transactions.map((t) => t.amount).sort(), ["-79.00", "-9.99", "200.00"]);
  assert.ok(
    transactions.some((t) => t.paypal_transaction_id === DEMO_CUSTOMER_DATA.topup.captureId),
  );
  assert.ok(transactions.filter((t) => t.paypal_transaction_id?.startsWith("ORDER-")).length === 2);
  const [mismatch] = await api.sql<{ n: number }[]>`
    select count(*)::int as n from profiles p
    left join (select user_id, sum(amount) as total from transactions group by user_id) t on t.user_id = p.id
    where p.credits <> coalesce(t.total, 0)`;
  assert.equal(mismatch!.n, 0, "every balance equals the sum of its ledger rows");
  const audits = await api.sql<{ action: string }[]>`select action from audit_log order by action`;
  assert.deepEqual(
    audits.map((a) => a.action),
    ["credits.topup", "order.purchase", "order.purchase"],
  );
});
