// Baselines straight through postgres.js, no HTTP: the database limit for the same SQL the API runs,
// through the API's own functions (reads and the purchase transaction), called directly.
// Usage: deno run -A bench/db-baseline.ts <database url> <json spec>
import { listTransactions } from "../api/src/billing/transactions.service.ts";
import { connect } from "../api/src/platform/db.ts";
import { HttpError } from "../api/src/platform/http-error.ts";
import { listServices } from "../api/src/services/services.service.ts";
import { listProducts, purchase } from "../api/src/shop/shop.service.ts";

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
    /** The product's price (the API's purchase reads it under its lock; kept for the report). */
    price: string;
    count: number;
    warmupUserIds?: string[];
  };
  pool: number;
}

const [url, raw] = Deno.args as [string, string];
const spec = JSON.parse(raw) as Spec;
// A pool opened as the API opens its own (api/src/platform/db.ts: numeric as text, same options).
const sql = connect(url, spec.pool);

// The API's own query functions (SQL and row mapping), so the baseline can never drift from what
// the endpoints run; what it leaves out is HTTP, auth, input validation, middleware and JSON.
const reads = {
  services: (userId: string) => listServices(sql, userId),
  // The first page, as GET /api/billing/transactions?limit=50 asks for it.
  transactions: (userId: string) => listTransactions(sql, userId, { limit: 50 }),
  products: () => listProducts(sql, "vps"),
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
  const { userIds, productId, count, warmupUserIds } = spec.purchase!;
  // The API's own purchase (api/src/shop/shop.service.ts: key claim, debit, order, ledger row,
  // invoice, audit rows, receipt mail), so this transaction can never drift from the one
  // POST /api/shop/orders runs. What it leaves out is what the ratio
  // measures: HTTP, auth, input validation, middleware, JSON.
  let attempt = 0;
  /** `count` purchases round-robin over `users` at the spec's concurrency; how many went through. */
  const buyAll = async (users: string[]) => {
    let ok = 0;
    let next = 0;
    const run = `${Date.now()}-${attempt++}`;
    await Promise.all(
      Array.from({ length: spec.concurrency }, async () => {
        while (next < count) {
          const i = next++;
          const userId = users[i % users.length]!;
          try {
            await purchase(sql, userId, productId, `bench-sql-${run}-${i}`);
            ok++;
          } catch (e) {
            // 402: the balance does not cover it (6 of every 20 attempts, as over HTTP).
            if (!(e instanceof HttpError && e.status === 402)) throw e;
          }
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
