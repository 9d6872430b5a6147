/**
 * Money in, held to its limits: the balance limit holds for captures running at the same time,
 * every POST to PayPal carries a PayPal-Request-Id, a second call with one request id while the
 * first is in flight (PayPal answers 409) still credits once, and the dispute edges. Each test
 * fails on the code before.
 */
import assert from "node:assert/strict";
import type { CreateOrderResponse } from "../../contracts/billing.ts";
import { maxBalanceMessage } from "../../contracts/billing.ts";
import type { AttentionList } from "../../contracts/payments-attention.ts";
import {
  captureTopUp as capture,
  createTopUp as createOrder,
  errorOf,
  json,
  makeAdmin,
  setCredits,
  signUpAndIn,
  paypalSim as sim,
  startTestApi,
  type TestApi,
  test,
  toppedUp,
  type Caller as Who,
  paypalWebhookUrl as webhookUrl,
} from "../platform/testing.ts";
import { reconcilePayPal } from "./reconcile.service.ts";
import { findOrder, reserveCapture } from "./top-up.service.ts";

async function credits(api: TestApi, userId: string) {
  const [row] = await api.sql<{ credits: string; held: string }[]>`
    select credits::text, credits_held::text as held from profiles where id = ${userId}`;
  return row!;
}

async function assertLedgerConsistent(api: TestApi, userId: string) {
  const [row] = await api.sql<{ sum: string; credits: string }[]>`
    select coalesce((select sum(amount) from transactions where user_id = ${userId}), 0)::numeric(12, 2)::text as sum,
      credits::text from profiles where id = ${userId}`;
  assert.equal(row!.sum, row!.credits, "the ledger sums to the balance");
}

async function staff(api: TestApi) {
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  return admin;
}

async function attention(api: TestApi, admin: Who) {
  const res = await api.fetch("/api/admin/payments", { token: admin.access_token });
  assert.equal(res.status, 200, await res.clone().text());
  return (await json<AttentionList>(res)).items;
}

// ------------------------------------------------------------------ the balance limit

test("captures by the page and the reconciler, and an admin addition, at the same moment never together pass MAX_BALANCE_EUR", async () => {
  const api = await startTestApi({ MAX_BALANCE_EUR: "100" });
  try {
    const s = await signUpAndIn(api);
    const admin = await staff(api);
    // Each of the three fits on its own (0 + 40 <= 100); all three together do not.
    const orders: CreateOrderResponse[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await createOrder(api, s, "40.00");
      sim(api).approve(order.id);
      orders.push(order);
    }
    // The third was approved and its buyer left: the reconciler captures it.
    await api.sql`update paypal_orders set next_check_at = now() - interval '1 second' where id = ${orders[2]!.id}`;
    // PayPal takes its time: every capture is in flight at once.
    sim(api).delayCaptures(500, 3);
    const addition = () =>
      api.fetch(`/api/admin/users/${s.user.id}/credits`, {
        method: "POST",
        token: admin.access_token,
        headers: { "idempotency-key": `test-${crypto.randomUUID()}` },
        json: { operation: "add", amount: "30" },
      });
    const [a, b, reconciled, added] = await Promise.all([
      capture(api, s, orders[0]!.id),
      capture(api, s, orders[1]!.id),
      reconcilePayPal(api.deps),
      new Promise((r) => setTimeout(r, 150)).then(addition),
    ]);
    const balance = (await credits(api, s.user.id)).credits;
    assert.ok(Number(balance) <= 100, `balance ${balance} passed the limit`);
    // Whichever came first got the room; everything that did not fit was refused before any
    // money moved, with the limit's message, and never captured at PayPal.
    const captured = [a, b].filter((r) => r.status === 200).length + reconciled.credited;
    const addedOk = added.status === 200;
    assert.equal(Number(balance), captured * 40 + (addedOk ? 30 : 0));
    assert.equal(sim(api).captureCalls, captured, "a refused order is never captured at PayPal");
    assert.ok(captured * 40 + (addedOk ? 30 : 0) > 60, "what fits is not refused");
    for (const r of [a, b, added]) {
      if (r.status === 200) continue;
      assert.equal(r.status, 422, await r.clone().text());
      assert.equal((await errorOf(r)).message, maxBalanceMessage("100.00"));
    }
    await assertLedgerConsistent(api, s.user.id);
  } finally {
    await api.close();
  }
});

test("a capture's reservation that waited for the balance's lock counts the reservation made by the lock's holder", async () => {
  const api = await startTestApi({ MAX_BALANCE_EUR: "100" });
  try {
    const s = await signUpAndIn(api);
    const first = await createOrder(api, s, "60.00");
    const second = await findOrder(api.sql, (await createOrder(api, s, "60.00")).id);
    // A capture of the first order holds the profile's lock and reserves its 60 EUR...
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reserved!: () => void;
    const holding = new Promise<void>((resolve) => {
      reserved = resolve;
    });
    const holder = api.sql.begin(async (tx) => {
      await tx`select 1 from profiles where id = ${s.user.id} for update`;
      await tx`update paypal_orders set capture_reserved_at = now() where id = ${first.id}`;
      reserved();
      await released;
    });
    await holding;
    // ...while the second's check waits for that lock; then the first commits.
    const reserving = reserveCapture(api.sql, second!, "100");
    for (let waited = 0; ; waited += 20) {
      const [row] = await api.sql<{ waiting: number }[]>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      if (row!.waiting > 0) break;
      assert.ok(waited < 5_000, "the second reservation never waited for the lock");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await holder;
    // 60 reserved + 60 > 100: the second may not be captured.
    assert.equal(await reserving, false);
  } finally {
    await api.close();
  }
});

test("a capture PayPal refused is not counted against the limit any more; one in flight is", async () => {
  const api = await startTestApi({ MAX_BALANCE_EUR: "100" });
  try {
    const s = await signUpAndIn(api);
    const first = await createOrder(api, s, "60.00");
    sim(api).approve(first.id);
    sim(api).declineNextCapture();
    assert.equal((await capture(api, s, first.id)).status, 422);
    // Declined: nothing is in flight, a second top-up of 60 fits.
    const second = await createOrder(api, s, "60.00");
    sim(api).approve(second.id);
    // Its answer lost: PayPal may have taken the money, so it counts until it is known.
    sim(api).failCaptures(3, { after: true });
    sim(api).failReads(1);
    assert.equal((await capture(api, s, second.id)).status, 502);
    const third = await api.fetch("/api/billing/orders", {
      method: "POST",
      token: s.access_token,
      json: { amount: "60.00" },
    });
    assert.equal(third.status, 422, "60 in flight and 60 more would pass 100");
    assert.equal(await (await capture(api, s, second.id)).status, 200);
    assert.equal((await credits(api, s.user.id)).credits, "60.00");
  } finally {
    await api.close();
  }
});

test("a mismatched capture credited by hand is refused past MAX_BALANCE_EUR", async () => {
  const api = await startTestApi({ MAX_BALANCE_EUR: "100" });
  try {
    const s = await signUpAndIn(api);
    const admin = await staff(api);
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    sim(api).overrideNextCapture({ amount: { currency_code: "EUR", value: "24.00" } });
    assert.equal((await capture(api, s, order.id)).status, 402);
    await setCredits(api.sql, s.user.id, 90);
    const [item] = await attention(api, admin);
    assert.equal(item?.kind, "mismatch");
    const res = await api.fetch(`/api/admin/payments/${item!.id}/credit`, {
      method: "POST",
      token: admin.access_token,
      json: { amount: "24.00" },
    });
    assert.equal(res.status, 422, await res.clone().text());
    assert.equal((await errorOf(res)).message, maxBalanceMessage("100.00"));
    assert.equal((await credits(api, s.user.id)).credits, "90.00");
    assert.equal((await attention(api, admin))[0]?.status, "open", "still waiting for staff");
    // With room again it is credited.
    await setCredits(api.sql, s.user.id, 10);
    const ok = await api.fetch(`/api/admin/payments/${item!.id}/credit`, {
      method: "POST",
      token: admin.access_token,
      json: { amount: "24.00" },
    });
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await credits(api, s.user.id)).credits, "34.00");
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ PayPal-Request-Id

test("every POST to PayPal carries a PayPal-Request-Id: token, create, capture, refund and the webhook's verification", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    sim(api).deliverWebhooksTo(webhookUrl(api));
    const order = await toppedUp(api, s, "25.00");
    const [row] = await api.sql<{ capture_id: string }[]>`
      select capture_id from paypal_orders where id = ${order.id}`;
    await api.deps.paypal.refundCapture(row!.capture_id, crypto.randomUUID());
    await api.deps.paypal.sandboxApprove((await createOrder(api, s, "5.00")).id);
    // Let the webhooks (capture, refund) arrive and be verified.
    for (let i = 0; i < 50; i++) {
      const [n] = await api.sql<
        { n: number }[]
      >`select count(*)::int as n from paypal_webhook_events`;
      if (n!.n >= 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const posts = sim(api).posts;
    const paths = new Set(posts.map((p) => p.path.replace(/orders\/[^/]+|captures\/[^/]+/, "x")));
    for (const p of [
      "/v1/oauth2/token",
      "/v2/checkout/orders",
      "/v2/checkout/x/capture",
      "/v2/payments/x/refund",
      "/v1/notifications/verify-webhook-signature",
      "/sim/x/approve",
    ]) {
      assert.ok(paths.has(p), `${p} was called (${[...paths].join(", ")})`);
    }
    const without = posts.filter((p) => !p.requestId);
    assert.deepEqual(without, [], "every POST has its PayPal-Request-Id");
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ one request id, two calls

test("a second call with a capture's PayPal-Request-Id while the first is in flight gets PayPal's 409, and the top-up is credited once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "30.00");
    sim(api).approve(order.id);
    sim(api).delayCaptures(800);
    const results = await Promise.all(Array.from({ length: 5 }, () => capture(api, s, order.id)));
    assert.deepEqual(
      results.map((r) => r.status),
      [200, 200, 200, 200, 200],
      `every page call ends credited (409 is retried and read back): ${await Promise.all(
        results.map((r) => r.clone().text()),
      )}`,
    );
    assert.ok(sim(api).captureCalls > 5, "PayPal answered some of them 409 and they were retried");
    assert.equal((await credits(api, s.user.id)).credits, "30.00");
    const rows = await api.sql`select 1 from transactions where user_id = ${s.user.id}`;
    assert.equal(rows.length, 1, "one ledger row");
    await assertLedgerConsistent(api, s.user.id);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ dispute edges

async function dispute(
  api: TestApi,
  orderId: string,
  eventType: "CUSTOMER.DISPUTE.CREATED" | "CUSTOMER.DISPUTE.RESOLVED",
  opts: { disputeId: string; amount?: string; outcome?: string },
) {
  const res = await sim(api).sendDisputeWebhook(webhookUrl(api), orderId, { eventType, ...opts });
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
}

async function refundWebhook(api: TestApi, orderId: string, refundId: string, amount: string) {
  const res = await sim(api).sendRefundWebhook(webhookUrl(api), orderId, {
    eventType: "PAYMENT.CAPTURE.REFUNDED",
    refundId,
    amount,
  });
  assert.equal(res.status, 200, await res.clone().text());
  await res.body?.cancel();
}

test("the buyer's win followed by PayPal's REFUNDED of the same capture takes the money once; a refund from before the dispute counts on its own", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "40.00");
    // A refund of its own first, before any dispute.
    await refundWebhook(api, order.id, "REFUND-EARLY", "5.00");
    assert.equal((await credits(api, s.user.id)).credits, "35.00");
    await dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
      disputeId: "PP-D-7001",
      amount: "15.00",
    });
    await dispute(api, order.id, "CUSTOMER.DISPUTE.RESOLVED", {
      disputeId: "PP-D-7001",
      amount: "15.00",
      outcome: "RESOLVED_BUYER_FAVOUR",
    });
    assert.deepEqual(await credits(api, s.user.id), { credits: "20.00", held: "0.00" });
    // PayPal pays the buyer's win out as a refund of the capture: the same 15.00.
    await refundWebhook(api, order.id, "REFUND-DISPUTE", "15.00");
    assert.deepEqual(await credits(api, s.user.id), { credits: "20.00", held: "0.00" });
    // Read back later, the order lists both refunds: still nothing more.
    await api.sql`update paypal_orders set next_check_at = now() - interval '1 second' where id = ${order.id}`;
    await reconcilePayPal(api.deps);
    assert.equal((await credits(api, s.user.id)).credits, "20.00");
    await assertLedgerConsistent(api, s.user.id);
  } finally {
    await api.close();
  }
});

test("an amount put on hold for a dispute mails the customer once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "30.00");
    for (let i = 0; i < 2; i++) {
      await dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
        disputeId: "PP-D-8001",
        amount: "25.00",
      });
    }
    const mails = await api.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from mail_outbox where user_id = ${s.user.id} and kind = 'credits_held'`;
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, "25.00 EUR of your balance is on hold");
    assert.match(mails[0]!.text_body, /cannot be spent/);
    // A complaint hold of the capture itself is told too.
    const other = await toppedUp(api, s, "10.00");
    const res = await sim(api).holdCapture(other.id, "CHARGEBACK", webhookUrl(api));
    await res?.body?.cancel();
    const [n] = await api.sql<{ n: number }[]>`
      select count(*)::int as n from mail_outbox where user_id = ${s.user.id} and kind = 'credits_held'`;
    assert.equal(n!.n, 2);
  } finally {
    await api.close();
  }
});

test("a capture PayPal completes for an order already closed or failed here ends on the Payments page", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const admin = await staff(api);
    sim(api).deliverWebhooksTo(webhookUrl(api));
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    // The page was told it failed and the order closed; PayPal captures it all the same (a
    // capture whose answer never came back, completed at PayPal later).
    await api.sql`update paypal_orders set status = 'closed' where id = ${order.id}`;
    const paypal = api.deps.paypal;
    await paypal.captureOrder(order.id, crypto.randomUUID());
    for (let i = 0; i < 50; i++) {
      const [row] = await api.sql<{ status: string }[]>`
        select status from paypal_orders where id = ${order.id}`;
      if (row!.status !== "closed") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const items = await attention(api, admin);
    assert.equal(items.length, 1, JSON.stringify(items));
    assert.equal(items[0]!.kind, "mismatch");
    assert.equal(items[0]!.status, "open");
    assert.equal(items[0]!.detail.order_status, "closed");
    assert.equal((await credits(api, s.user.id)).credits, "0.00", "nothing credited by itself");
    const [row] = await api.sql<{ status: string }[]>`
      select status from paypal_orders where id = ${order.id}`;
    assert.equal(row!.status, "mismatch");
  } finally {
    await api.close();
  }
});
