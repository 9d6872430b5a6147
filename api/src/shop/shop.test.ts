import assert from "node:assert/strict";
import type { Order, OrderList, OrderResult, ProductList } from "../../contracts/shop.ts";
import { expireOrders } from "../jobs/expire-orders.ts";
import {
  buyProduct,
  customerWithCredits,
  errorOf,
  insertProduct,
  json,
  setCredits,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

const DAY = 24 * 60 * 60 * 1000;
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${keys++}`;

const product = (price: string, type: "vps" | "dedicated" = "vps", name = `P ${price}`) =>
  insertProduct(api.sql, price, { type, name });
const customer = (credits = "0.00") => customerWithCredits(api, credits);
const buy = (token: string, productId: string, key = newKey()) =>
  buyProduct(api, token, productId, key);

const renew = (token: string, orderId: string, key = newKey()) =>
  api.fetch(`/api/shop/orders/${orderId}/renew`, {
    method: "POST",
    token,
    headers: { "Idempotency-Key": key },
  });

async function credits(userId: string) {
  const [row] = await api.sql<
    { credits: string }[]
  >`select credits from profiles where id = ${userId}`;
  return row!.credits;
}

async function ledger(userId: string) {
  return [
    ...(await api.sql<
      { amount: string; kind: string; status: string; paypal_transaction_id: string }[]
    >`
    select amount, kind, status, paypal_transaction_id from transactions where user_id = ${userId}
    order by created_at`),
  ];
}

async function orderCount(userId: string) {
  const [row] = await api.sql<
    { n: number }[]
  >`select count(*)::int as n from orders where user_id = ${userId}`;
  return row!.n;
}

/** One server, one live VPS: every inserted VPS gets a provider id of its own. */
let nextReseller = 100;

test("products: by type, cheapest first, archived ones hidden, type validated", async () => {
  const cheap = await product("3.00", "vps", "Cheap VPS");
  const dear = await product("30.00", "vps", "Dear VPS");
  const mid = await product("12.50", "vps", "Mid VPS");
  const archived = await product("1.00", "vps", "Old VPS");
  await api.sql`update products set archived_at = now() where id = ${archived}`;
  const box = await product("80.00", "dedicated", "Box");
  const me = await customer();

  const res = await api.fetch("/api/shop/products?type=vps", { token: me.token });
  assert.equal(res.status, 200);
  const { products } = await json<ProductList>(res);
  const ids = products.map((p) => p.id);
  assert.deepEqual(
    ids.filter((id) => [cheap, dear, mid, archived].includes(id)),
    [cheap, mid, dear],
  );
  assert.ok(!ids.includes(box));
  assert.equal(products.find((p) => p.id === mid)!.price, "12.50");

  const dedicated = await json<ProductList>(
    await api.fetch("/api/shop/products?type=dedicated", { token: me.token }),
  );
  assert.ok(dedicated.products.every((p) => p.product_type === "dedicated"));
  assert.ok(dedicated.products.some((p) => p.id === box));

  assert.equal((await api.fetch("/api/shop/products?type=vps")).status, 401);
  const bad = await api.fetch("/api/shop/products?type=mainframe", { token: me.token });
  assert.equal(bad.status, 422);
});

test("products list is one query on the type/price index", async () => {
  await api.sql`analyze products`;
  const plan = await api.sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`;
    return await tx.unsafe(
      `explain select id, name, price, cpu, ram, storage, uplink, ddos_protection, product_type
       from products where archived_at is null and product_type = 'vps' order by product_type, price, id`,
    );
  });
  const text = plan.map((r) => Object.values(r)[0]).join("\n");
  assert.match(text, /products_type_price_idx/);
});

test("purchase: debits, creates an active 30-day order, ledger and audit rows, in one go", async () => {
  const productId = await product("9.99");
  const me = await customer("25.00");
  const before = Date.now();
  const res = await buy(me.token, productId);
  assert.equal(res.status, 201);
  const { order, credits: balance } = await json<OrderResult>(res);
  assert.equal(balance, "15.01");
  assert.equal(await credits(me.id), "15.01");
  assert.equal(order.status, "active");
  assert.equal(order.product_id, productId);
  assert.equal(order.price, "9.99");
  const expires = new Date(order.expire_date).getTime();
  assert.ok(expires >= before + 30 * DAY - 5_000 && expires <= Date.now() + 30 * DAY + 5_000);
  assert.deepEqual(await ledger(me.id), [
    {
      amount: "-9.99",
      kind: "purchase",
      status: "paid",
      paypal_transaction_id: `ORDER-${productId.slice(0, 8)}`,
    },
  ]);
  const audit = await api.sql`
    select actor_id, before, after from audit_log where action = 'order.purchase' and entity_id = ${order.id}`;
  assert.equal(audit.length, 1);
  assert.equal(audit[0]!.actor_id, me.id);
  assert.deepEqual(audit[0]!.before, { credits: "25.00" });

  const list = await json<OrderList>(await api.fetch("/api/shop/orders", { token: me.token }));
  assert.deepEqual(
    list.orders.map((o) => o.id),
    [order.id],
  );
});

test("purchase: insufficient credits, unknown or archived product, bad key change nothing", async () => {
  const productId = await product("10.00");
  const me = await customer("9.99");
  const short = await buy(me.token, productId);
  assert.equal(short.status, 402);
  assert.deepEqual(await errorOf(short), {
    code: "insufficient_credits",
    message: "You don't have enough credits for this order.",
  });

  const archived = await product("1.00");
  await api.sql`update products set archived_at = now() where id = ${archived}`;
  const gone = await buy(me.token, archived);
  assert.equal(gone.status, 404);
  assert.equal((await errorOf(gone)).message, "Product not found");
  assert.equal((await buy(me.token, crypto.randomUUID())).status, 404);
  assert.equal((await buy(me.token, "not-a-uuid")).status, 422);

  const noKey = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: me.token,
    json: { product_id: productId },
  });
  assert.equal(noKey.status, 422);
  assert.equal((await errorOf(noKey)).message, "Idempotency-Key header is required");
  assert.equal((await buy(me.token, productId, "short")).status, 422);
  assert.equal((await buy("nope", productId)).status, 401);
  // The header is part of the documented contract of purchase and renewal.
  const doc = await json<{
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>
    >;
  }>(await api.fetch("/api/openapi.json"));
  for (const op of [
    doc.paths["/api/shop/orders"]?.post,
    doc.paths["/api/shop/orders/{id}/renew"]?.post,
  ]) {
    assert.deepEqual(
      op?.parameters
        ?.filter((p) => p.in === "header")
        .map(({ name, required }) => ({ name, required })),
      [{ name: "idempotency-key", required: true }],
    );
  }

  assert.equal(await credits(me.id), "9.99");
  assert.equal(await orderCount(me.id), 0);
  assert.equal((await ledger(me.id)).length, 0);

  // The failed attempt left its key free: after a top-up the same key goes through.
  const key = newKey();
  assert.equal((await buy(me.token, productId, key)).status, 402);
  await setCredits(api.sql, me.id, "10.00");
  assert.equal((await buy(me.token, productId, key)).status, 201);
  assert.equal(await credits(me.id), "0.00");
});

test("the same idempotency key, sent again or 20 times at once, buys once", async () => {
  const productId = await product("5.00");
  const me = await customer("100.00");
  const key = newKey();
  const first = await buy(me.token, productId, key);
  assert.equal(first.status, 201);
  const again = await buy(me.token, productId, key);
  assert.equal(again.status, 200);
  assert.equal(
    (await json<OrderResult>(again)).order.id,
    (await json<OrderResult>(first)).order.id,
  );

  const burstKey = newKey();
  const burst = await Promise.all(
    Array.from({ length: 20 }, () => buy(me.token, productId, burstKey)),
  );
  const statuses = burst.map((r) => r.status).sort();
  assert.deepEqual(statuses, [...Array(19).fill(200), 201]);
  const ids = new Set(
    await Promise.all(burst.map(async (r) => (await json<OrderResult>(r)).order.id)),
  );
  assert.equal(ids.size, 1);
  assert.equal(await orderCount(me.id), 2);
  assert.equal(await credits(me.id), "90.00");

  const other = await product("6.00");
  const reused = await buy(me.token, other, key);
  assert.equal(reused.status, 409);
  assert.equal(await orderCount(me.id), 2);

  // Keys are per user: another customer's identical key is their own.
  const you = await customer("5.00");
  assert.equal((await buy(you.token, productId, key)).status, 201);
});

test("100 concurrent purchases with credits for exactly 7 make exactly 7 orders", async () => {
  const productId = await product("13.37");
  const me = await customer("100.00"); // 7 × 13.37 = 93.59; an 8th would need 106.96
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: 100 }, () => buy(me.token, productId)));
  const ms = Math.round(performance.now() - started);
  const statuses = results.map((r) => r.status);
  await Promise.all(results.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 201).length, 7, `statuses: ${statuses.join(",")}`);
  assert.equal(statuses.filter((s) => s === 402).length, 93);
  assert.equal(await orderCount(me.id), 7);
  const rows = await ledger(me.id);
  assert.equal(rows.length, 7);
  assert.ok(rows.every((r) => r.amount === "-13.37"));
  assert.equal(await credits(me.id), "6.41");
  const [audit] = await api.sql<{ n: number }[]>`
    select count(*)::int as n from audit_log where action = 'order.purchase' and actor_id = ${me.id}`;
  assert.equal(audit!.n, 7);
  console.log(`100 concurrent purchases: ${ms} ms`);
});

async function boughtOrder(price = "10.00", startCredits = "10.00") {
  const productId = await product(price);
  const me = await customer(startCredits);
  const res = await buy(me.token, productId);
  assert.equal(res.status, 201);
  return { me, productId, order: (await json<OrderResult>(res)).order };
}

test("renewal: +30 days from the old expiry, ledger row RENEW-…, services reactivated", async () => {
  const { me, order } = await boughtOrder("10.00", "25.00");
  const [service] = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id)
    values (${me.id}, 'vps', 'suspended', '10.0.0.1', '4', '2', '80', ${nextReseller++}, ${order.id}) returning id`;
  const res = await renew(me.token, order.id);
  assert.equal(res.status, 201);
  const result = await json<OrderResult>(res);
  assert.equal(result.credits, "5.00");
  assert.equal(
    new Date(result.order.expire_date).getTime(),
    new Date(order.expire_date).getTime() + 30 * DAY,
  );
  assert.equal(result.order.status, "active");
  const [svc] = await api.sql`select service_status from services where id = ${service!.id}`;
  assert.equal(svc!.service_status, "active");
  const rows = await ledger(me.id);
  assert.deepEqual(rows[1], {
    amount: "-10.00",
    kind: "renewal",
    status: "paid",
    paypal_transaction_id: `RENEW-${order.id.slice(0, 8)}`,
  });

  const short = await renew(me.token, order.id);
  assert.equal(short.status, 402);
  assert.deepEqual(await errorOf(short), {
    code: "insufficient_credits",
    message: "You don't have enough credits to renew this order.",
  });
  assert.equal(await credits(me.id), "5.00");
});

test("renewal of a lapsed order counts its 30 days from now", async () => {
  const { me, order } = await boughtOrder("10.00", "30.00");
  for (const daysAgo of [45, 3]) {
    await api.sql`
      update orders set status = 'expired', expire_date = now() - ${`${daysAgo} days`}::interval where id = ${order.id}`;
    const before = Date.now();
    const res = await renew(me.token, order.id);
    assert.equal(res.status, 201);
    const renewed = (await json<OrderResult>(res)).order;
    assert.equal(renewed.status, "active");
    const expires = new Date(renewed.expire_date).getTime();
    assert.ok(
      expires >= before + 30 * DAY - 5_000 && expires <= Date.now() + 30 * DAY + 5_000,
      `${daysAgo}`,
    );
  }
});

test("a suspended order and another user's order cannot be renewed", async () => {
  const { me, order } = await boughtOrder("10.00", "50.00");
  await api.sql`update orders set status = 'suspended' where id = ${order.id}`;
  const refused = await renew(me.token, order.id);
  assert.equal(refused.status, 409);
  assert.deepEqual(await errorOf(refused), {
    code: "order_suspended",
    message: "Suspended orders cannot be renewed",
  });

  await api.sql`update orders set status = 'active' where id = ${order.id}`;
  const thief = await customer("50.00");
  const stolen = await renew(thief.token, order.id);
  assert.equal(stolen.status, 404);
  assert.equal((await errorOf(stolen)).message, "Order not found");
  assert.equal((await renew(thief.token, crypto.randomUUID())).status, 404);
  const theirs = await json<OrderList>(await api.fetch("/api/shop/orders", { token: thief.token }));
  assert.equal(theirs.orders.length, 0);

  assert.equal(await credits(me.id), "40.00");
  assert.equal(await credits(thief.id), "50.00");
  const [row] = await api.sql<{ expire_date: Date; status: string }[]>`
    select expire_date, status from orders where id = ${order.id}`;
  assert.equal(row!.expire_date.toISOString(), order.expire_date);
  assert.equal((await ledger(me.id)).length, 1);
  assert.equal((await ledger(thief.id)).length, 0);
});

test("100 concurrent renewals of one order with credits for 7 extend it by exactly 7 × 30 days", async () => {
  const { me, order } = await boughtOrder("4.99", "39.92"); // 4.99 to buy, then 34.93 = 7 × 4.99
  const results = await Promise.all(Array.from({ length: 100 }, () => renew(me.token, order.id)));
  const statuses = results.map((r) => r.status);
  await Promise.all(results.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 201).length, 7);
  assert.equal(statuses.filter((s) => s === 402).length, 93);
  assert.equal(await credits(me.id), "0.00");
  const [row] = await api.sql<
    { expire_date: Date }[]
  >`select expire_date from orders where id = ${order.id}`;
  assert.equal(row!.expire_date.getTime(), new Date(order.expire_date).getTime() + 7 * 30 * DAY);
  const renewals = (await ledger(me.id)).filter((r) => r.kind === "renewal");
  assert.equal(renewals.length, 7);

  // The same key twice at once renews once.
  await setCredits(api.sql, me.id, "100.00");
  const key = newKey();
  const pair = await Promise.all([renew(me.token, order.id, key), renew(me.token, order.id, key)]);
  assert.deepEqual(pair.map((r) => r.status).sort(), [200, 201]);
  assert.equal(await credits(me.id), "95.01");
});

test("expiry job: exactly the lapsed active orders expire and their services are suspended", async () => {
  const me = await customer("0.00");
  const productId = await product("1.00");
  const make = async (status: string, expires: string) => {
    const [row] = await api.sql<{ id: string }[]>`
      insert into orders (user_id, product_id, expire_date, status)
      values (${me.id}, ${productId}, now() + ${expires}::interval, ${status}) returning id`;
    const [svc] = await api.sql<{ id: string }[]>`
      insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id, order_id)
      values (${me.id}, 'vps', '10.0.0.2', '4', '2', '80', ${nextReseller++}, ${row!.id}) returning id`;
    return { order: row!.id, service: svc!.id };
  };
  const lapsed = await Promise.all(
    Array.from({ length: 30 }, (_, i) => make("active", `-${i + 1} minutes`)),
  );
  const running = await make("active", "1 hour");
  const suspended = await make("suspended", "-2 days");
  const [unlinked] = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id)
    values (${me.id}, 'vps', '10.0.0.3', '4', '2', '80', ${nextReseller++}) returning id`;

  // Two instances at once: together they change each order once.
  const [a, b] = await Promise.all([expireOrders(api.sql), expireOrders(api.sql)]);
  assert.ok(a.orders + b.orders >= 30);
  const ours = lapsed.map((l) => l.order);
  const orders = await api.sql<{ id: string; status: string }[]>`
    select id, status from orders where user_id = ${me.id}`;
  const statusOf = new Map(orders.map((o) => [o.id, o.status]));
  assert.ok(ours.every((id) => statusOf.get(id) === "expired"));
  assert.equal(statusOf.get(running.order), "active");
  assert.equal(statusOf.get(suspended.order), "suspended");

  const services = await api.sql<{ id: string; service_status: string }[]>`
    select id, service_status from services where user_id = ${me.id}`;
  const svcOf = new Map(services.map((s) => [s.id, s.service_status]));
  assert.ok(lapsed.every((l) => svcOf.get(l.service) === "suspended"));
  assert.equal(svcOf.get(running.service), "active");
  assert.equal(svcOf.get(unlinked!.id), "active");

  const audits = await api.sql<{ entity_id: string; n: number }[]>`
    select entity_id, count(*)::int as n from audit_log
    where action = 'order.expire' and entity_id = any(${ours}::text[]) group by entity_id`;
  assert.equal(audits.length, 30);
  assert.ok(audits.every((r) => r.n === 1));

  // A second pass finds nothing of ours left; renewing reactivates the order and its service.
  await expireOrders(api.sql);
  await setCredits(api.sql, me.id, "1.00");
  const res = await renew(me.token, lapsed[0]!.order);
  assert.equal(res.status, 201);
  const [svc] = await api.sql`select service_status from services where id = ${lapsed[0]!.service}`;
  assert.equal(svc!.service_status, "active");
});

test("orders list: newest first, the caller's only", async () => {
  const productId = await product("1.00");
  const me = await customer("3.00");
  const ids: string[] = [];
  for (let i = 0; i < 3; i++)
    ids.push((await json<OrderResult>(await buy(me.token, productId))).order.id);
  const { orders } = await json<OrderList>(
    await api.fetch("/api/shop/orders", { token: me.token }),
  );
  assert.deepEqual(
    orders.map((o: Order) => o.id),
    ids.reverse(),
  );
  assert.equal((await api.fetch("/api/shop/orders")).status, 401);
});

test("an order of an archived product can still be renewed", async () => {
  const { me, order, productId } = await boughtOrder("2.00", "4.00");
  await api.sql`update products set archived_at = now() where id = ${productId}`;
  const res = await renew(me.token, order.id);
  assert.equal(res.status, 201);
  assert.equal((await json<OrderResult>(res)).credits, "0.00");
  const { orders } = await json<OrderList>(
    await api.fetch("/api/shop/orders", { token: me.token }),
  );
  assert.equal(orders[0]!.product_name, order.product_name);
});

test("the shop routes are in the OpenAPI document", async () => {
  const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
    await api.fetch("/api/openapi.json"),
  );
  assert.ok(doc.paths["/api/shop/products"]?.get);
  assert.ok(doc.paths["/api/shop/orders"]?.get);
  assert.ok(doc.paths["/api/shop/orders"]?.post);
  assert.ok(doc.paths["/api/shop/orders/{id}/renew"]?.post);
});
