import assert from "node:assert/strict";
import { generateSigningKey } from "../auth/tokens.ts";
import { connect } from "./db.ts";
import { migrate } from "./migrate.ts";
import { seedDemo } from "./seed.ts";
import { createTestDatabase } from "./testing.ts";
import { type ApiProcess, startApiProcess } from "./testing-process.ts";

/**
 * Two API processes on one database (as docker-compose runs them). A balance change
 * made through one reaches an event stream held on the other (LISTEN/NOTIFY); the expiry job,
 * running in both, expires every order exactly once; the auth rate limit counts across both.
 */

const ORDERS = 1_200; // more than one batch of the expiry job (500)

Deno.test({
  name: "multi-instance: live events cross instances, the expiry job runs once, rate limits hold across both",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const databaseUrl = await createTestDatabase();
    const sql = connect(databaseUrl, 4);
    let a: ApiProcess | undefined;
    let b: ApiProcess | undefined;
    try {
      // Demo accounts and products, and orders that expired yesterday, before either instance starts.
      await migrate(sql);
      await seedDemo(sql);
      const [customer] = await sql<
        { id: string }[]
      >`select id from profiles where email = 'customer@example.com'`;
      const [product] = await sql<{ id: string }[]>`select id from products order by price limit 1`;
      await sql`
        insert into orders (user_id, product_id, expire_date, status)
        select ${customer.id}, ${product.id}, now() - interval '1 day', 'active' from generate_series(1, ${ORDERS})`;

      const env = {
        DATABASE_URL: databaseUrl,
        JOBS_ENABLED: "true",
        SEED_DEMO: "false",
        AUTH_RATE_LIMIT_PER_ACCOUNT: "4",
        AUTH_RATE_LIMIT_PER_IP: "1000",
        // One signing key for both, as every replica must have.
        JWT_PRIVATE_KEY: await sharedKey(),
        MFA_ENCRYPTION_KEY: btoa(
          String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))),
        ),
      };
      [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);

      // 1. A balance change through A reaches the event stream held on B.
      const signIn = async (api: ApiProcess, email: string, password: string) =>
        await fetch(`${api.url}/api/auth/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password }),
        });
      const customerSession = await (await signIn(b, "customer@example.com", "customer123")).json();
      const adminSession = await (await signIn(a, "admin@example.com", "admin123")).json();
      const abort = new AbortController();
      const stream = await fetch(`${b.url}/api/events`, {
        headers: {
          authorization: `Bearer ${customerSession.access_token}`,
          accept: "text/event-stream",
        },
        signal: abort.signal,
      });
      assert.equal(stream.status, 200);
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = "";
      const readUntil = async (pattern: RegExp, ms: number) => {
        const deadline = Date.now() + ms;
        while (!pattern.test(received) && Date.now() < deadline) {
          const timer = new Promise<null>((r) =>
            setTimeout(() => r(null), Math.max(1, deadline - Date.now())),
          );
          const chunk = await Promise.race([reader.read(), timer]);
          if (!chunk || chunk.done) break;
          received += chunk.value;
        }
        return pattern.test(received);
      };
      assert.ok(await readUntil(/event: ready/, 5_000), "the stream on B is open");
      const adjust = await fetch(`${a.url}/api/admin/users/${customer.id}/credits`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${adminSession.access_token}`,
          "content-type": "application/json",
          "idempotency-key": `test-${crypto.randomUUID()}`,
        },
        body: JSON.stringify({ operation: "add", amount: "12.34" }),
      });
      assert.equal(adjust.status, 200, await adjust.text());
      assert.ok(
        // The demo customer starts with 111.01 EUR (api/src/platform/seed.ts): 111.01 + 12.34.
        await readUntil(/event: profile\ndata: .*"credits":"123\.35"/, 5_000),
        `the balance change made on A reached the stream on B:\n${received}`,
      );
      abort.abort();
      await reader.cancel().catch(() => {});

      // 2. The expiry job of both instances: every order expired exactly once.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [{ left }] = await sql<{ left: number }[]>`
          select count(*)::int as left from orders where status = 'active' and expire_date <= now()`;
        if (left === 0 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const [{ expired, audits, distinct }] = await sql<
        { expired: number; audits: number; distinct: number }[]
      >`
        select (select count(*)::int from orders where status = 'expired') as expired,
          (select count(*)::int from audit_log where action = 'order.expire') as audits,
          (select count(distinct entity_id)::int from audit_log where action = 'order.expire') as distinct`;
      assert.equal(expired, ORDERS, "every due order expired");
      assert.equal(
        audits,
        ORDERS,
        "each expiry recorded once (no instance expired an order twice)",
      );
      assert.equal(distinct, ORDERS);

      // 3. The per-account sign-in limit (4) holds across both instances.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await signIn(i % 2 ? b : a, "customer@example.com", "wrong-password");
        statuses.push(res.status);
        await res.body?.cancel();
      }
      // Only failures count (the customer's sign-in on B above does not): four wrong passwords
      // alternating A, B, A, B, then 429 on either.
      assert.deepEqual(
        statuses,
        [400, 400, 400, 400, 429, 429],
        `attempts alternate between A and B: ${statuses}`,
      );
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
      await sql.end({ timeout: 1 });
    }
  },
});

async function sharedKey(): Promise<string> {
  return JSON.stringify(await generateSigningKey());
}
