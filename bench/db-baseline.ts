// Baselines straight through postgres.js, no HTTP: the database limit for the same SQL the API runs.
// Usage: deno run -A bench/db-baseline.ts <database url> <json spec>
import postgres from "postgres";

interface Spec {
  kind: "read" | "purchase";
  /** read: which endpoint's query; purchase: the purchase transaction. */
  query?: "services" | "transactions" | "products";
  userId?: string;
  concurrency: number;
  seconds?: number;
  /** purchase: `count` transactions spread round-robin over the users, all buying one product, after the same burst on the warm-up users. */
  purchase?: {
    userIds: string[];
    productId: string;
    price: string;
    count: number;
    warmupUserIds?: string[];
  };
  pool: number;
}

const [url, raw] = Deno.args as [string, string];
const spec = JSON.parse(raw) as Spec;
const sql = postgres(url, { max: spec.pool, onnotice: () => {} });

const reads = {
  services: (userId: string) => sql`
    select id, user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id, created_at
    from services where user_id = ${userId} order by created_at, id`,
  // The first page, as api/src/billing/transactions.service.ts asks for it (limit + 1 rows).
  transactions: (userId: string) => sql`
    select id, amount, status, kind, paypal_transaction_id, created_at,
      to_json(created_at) #>> '{}' as sort_at
    from transactions where user_id = ${userId}
    order by created_at desc, id desc
    limit ${51}`,
  products: () => sql`
    select id, name, price, cpu, ram, storage, uplink, ddos_protection, product_type
    from products
    where archived_at is null and product_type = ${"vps"}
    order by product_type, price, id`,
};

if (spec.kind === "read") {
  const run = reads[spec.query!];
  // Warm-up, then count completed queries over the window.
  for (let i = 0; i < 200; i++) await run(spec.userId!);
  let done = 0;
  const until = performance.now() + (spec.seconds ?? 10) * 1000;
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      while (performance.now() < until) {
        await run(spec.userId!);
        done++;
      }
    }),
  );
  console.log(
    JSON.stringify({ ops: done, seconds: spec.seconds ?? 10, rate: done / (spec.seconds ?? 10) }),
  );
} else {
  const { userIds, productId, price, count, warmupUserIds } = spec.purchase!;
  /** `count` purchases round-robin over `users` at the spec's concurrency; how many went through. */
  const buyAll = async (users: string[]) => {
    let ok = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: spec.concurrency }, async () => {
        while (next < count) {
          const userId = users[next++ % users.length]!;
          const bought = await sql.begin(async (tx) => {
            const [debited] = await tx`update profiles set credits = credits - ${price}
            where id = ${userId} and credits >= ${price} returning credits`;
            if (!debited) return false;
            await tx`insert into orders (user_id, product_id, expire_date, status)
            values (${userId}, ${productId}, now() + interval '30 days', 'active')`;
            await tx`insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
            values (${userId}, ${`-${price}`}, 'paid', 'purchase', ${`ORDER-${productId.slice(0, 8)}`})`;
            return true;
          });
          if (bought) ok++;
        }
      }),
    );
    return ok;
  };
  // The same burst on other users first, as the HTTP side gets one: both are measured warm.
  if (warmupUserIds?.length) await buyAll(warmupUserIds);
  const started = performance.now();
  const ok = await buyAll(userIds);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ ops: count, ok, seconds, rate: count / seconds }));
}
await sql.end();
