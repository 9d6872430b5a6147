import assert from "node:assert/strict";
import { startTestApi, type TestApi, test } from "../platform/testing.ts";
import { expireOrders, pruneIdempotencyKeys } from "./expire-orders.ts";
import { startJobs } from "./scheduler.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

async function lapsedOrder() {
  const [user] = await api.sql<{ id: string }[]>`
    insert into profiles (username, email) values (${`job${crypto.randomUUID().slice(0, 8)}`}, ${`job${crypto.randomUUID().slice(0, 8)}@example.com`})
    returning id`;
  const [product] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('Job VPS', 1.00, '1', '1', '1', '1', 'yes', 'vps') returning id`;
  const [order] = await api.sql<{ id: string }[]>`
    insert into orders (user_id, product_id, expire_date) values (${user!.id}, ${product!.id}, now() - interval '1 second')
    returning id`;
  return { userId: user!.id, orderId: order!.id };
}

test("the scheduler runs the expiry job and stop() waits for it", async () => {
  const { orderId } = await lapsedOrder();
  const jobs = startJobs(api.sql, 50);
  const deadline = Date.now() + 5_000;
  let status = "active";
  while (status === "active" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    const [row] = await api.sql<
      { status: string }[]
    >`select status from orders where id = ${orderId}`;
    status = row!.status;
  }
  await jobs.stop();
  assert.equal(status, "expired");
});

test("an order renewed while the job runs is not expired afterwards", async () => {
  const { orderId } = await lapsedOrder();
  // Hold the order's row lock as a renewal would; the job skips it instead of waiting.
  const release = Promise.withResolvers<void>();
  const locked = Promise.withResolvers<void>();
  const renewal = api.sql.begin(async (tx) => {
    await tx`select 1 from orders where id = ${orderId} for update`;
    locked.resolve();
    await release.promise;
    await tx`update orders set expire_date = now() + interval '30 days' where id = ${orderId}`;
  });
  await locked.promise;
  await expireOrders(api.sql);
  release.resolve();
  await renewal;
  await expireOrders(api.sql);
  const [row] = await api.sql<
    { status: string }[]
  >`select status from orders where id = ${orderId}`;
  assert.equal(row!.status, "active");
});

test("idempotency keys older than a day are pruned", async () => {
  const { userId, orderId } = await lapsedOrder();
  await api.sql`
    insert into idempotency_keys (user_id, key, operation, target_id, order_id, created_at) values
      (${userId}, 'old-key-123', 'renewal', ${orderId}, ${orderId}, now() - interval '25 hours'),
      (${userId}, 'new-key-123', 'renewal', ${orderId}, ${orderId}, now())`;
  assert.ok((await pruneIdempotencyKeys(api.sql)) >= 1);
  const keys = await api.sql<
    { key: string }[]
  >`select key from idempotency_keys where user_id = ${userId}`;
  assert.deepEqual(
    keys.map((k) => k.key),
    ["new-key-123"],
  );
});
