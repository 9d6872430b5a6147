/**
 * PayPal as it really behaves: one test (or more) per way the real PayPal differs from the happy
 * path; each failed on the code before its fix. The simulator speaks PayPal's published shapes (see
 * api/sim/paypal-schema.test.ts).
 */
import assert from "node:assert/strict";
import type { CaptureResponse, CreateOrderResponse } from "../../contracts/billing.ts";
import { maxBalanceMessage, billingMessages as msg } from "../../contracts/billing.ts";
import { ConfigError, loadConfig } from "../platform/config.ts";
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
  type Caller as Who,
  paypalWebhookUrl as webhookUrl,
} from "../platform/testing.ts";
import { reconcilePayPal } from "./reconcile.service.ts";

async function credits(api: TestApi, userId: string): Promise<string> {
  const [row] = await api.sql<
    { credits: string }[]
  >`select credits from profiles where id = ${userId}`;
  return row!.credits;
}

async function ledger(api: TestApi, userId: string) {
  const rows = await api.sql<
    { amount: string; kind: string; status: string; paypal_transaction_id: string }[]
  >`
    select amount, kind, status, paypal_transaction_id from transactions where user_id = ${userId} order by created_at, amount desc`;
  return rows.map((r) => [r.kind, r.amount, r.status]);
}

/** The ledger sums to the balance: every balance change has its row. */
async function assertLedgerConsistent(api: TestApi, userId: string) {
  const [row] = await api.sql<{ sum: string; credits: string }[]>`
    select coalesce((select sum(amount) from transactions where user_id = ${userId}), 0)::numeric(12, 2)::text as sum,
      credits::text from profiles where id = ${userId}`;
  assert.equal(row!.sum, row!.credits, "the ledger sums to the balance");
}

const status = async (res: Response) => (await json<{ status: string }>(res)).status;

/** A credited top-up of `amount`, captured through the page. */
async function toppedUp(api: TestApi, who: Who, amount: string) {
  const order = await createOrder(api, who, amount);
  sim(api).approve(order.id);
  const res = await capture(api, who, order.id);
  assert.equal(res.status, 200);
  return order;
}

/** Spends credits as a purchase does: balance and ledger row together. */
async function spend(api: TestApi, userId: string, amount: string) {
  await api.sql.begin(async (tx) => {
    await tx`update profiles set credits = credits - ${amount}::numeric where id = ${userId}`;
    await tx`insert into transactions (user_id, amount, status, kind) values (${userId}, -(${amount}::numeric), 'paid', 'purchase')`;
  });
}

/** Makes every unsettled order due for the reconciler now. */
const due = (api: TestApi) =>
  api.sql`update paypal_orders set next_check_at = now() - interval '1 second' where status in ('created', 'pending', 'captured')`;

// ------------------------------------------------------------------ finding 1

test("a chargeback (refund-shaped PAYMENT.CAPTURE.REVERSED) of a spent top-up takes back what is left, records the shortfall for the admin, ledger consistent", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "60.00");
    await spend(api, s.user.id, "45.00");

    const res = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REVERSED",
      refundId: "REVERSAL0000000001",
    });
    assert.equal(res.status, 200);
    assert.equal(await status(res), "processed");
    assert.equal(await credits(api, s.user.id), "0.00");
    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "60.00", "reversed"],
      ["purchase", "-45.00", "paid"],
      ["reversal", "-15.00", "reversed"],
    ]);
    await assertLedgerConsistent(api, s.user.id);

    const [refund] =
      await api.sql`select kind, status, amount, debited, shortfall, order_id from paypal_refunds where id = 'REVERSAL0000000001'`;
    assert.deepEqual(
      { ...refund },
      {
        kind: "reversal",
        status: "COMPLETED",
        amount: "60.00",
        debited: "15.00",
        shortfall: "45.00",
        order_id: order.id,
      },
    );
    const audit = await api.sql<{ after: Record<string, string> }[]>`
      select after from audit_log where action = 'credits.reversal' and entity_id = ${s.user.id}`;
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.after.shortfall, "45.00");
    assert.equal(audit[0]!.after.paypal_refund_id, "REVERSAL0000000001");

    // The customer sees it among their transactions.
    const list = await json<{ transactions: { kind: string; amount: string }[] }>(
      await api.fetch("/api/billing/transactions", { token: s.access_token }),
    );
    assert.ok(list.transactions.some((t) => t.kind === "reversal" && t.amount === "-15.00"));

    // The same reversal delivered again (a new event id) takes nothing more.
    const again = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REVERSED",
      refundId: "REVERSAL0000000001",
    });
    assert.equal(again.status, 200);
    assert.equal((await ledger(api, s.user.id)).length, 3);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ finding 3

test("webhooks are verified over the raw body as delivered, not a re-serialised copy", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "20.00");
    sim(api).approve(order.id);
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    assert.equal((await capture(api, s, order.id)).status, 502);
    // The simulator delivers its own JSON text (indented), as PayPal's text differs from JSON.stringify's.
    const res = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(await status(res), "processed");
    assert.equal(await credits(api, s.user.id), "20.00");
    const body = sim(api).sentWebhooks.at(-1)!;
    assert.notEqual(
      body,
      JSON.stringify(JSON.parse(body)),
      "the delivered text is not what JSON.stringify gives",
    );
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ finding 5

test("every partial refund is debited once; PENDING waits for COMPLETED, FAILED takes nothing", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "60.00");
    const refund = (refundId: string, amount: string, st?: string, eventType?: string) =>
      sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
        refundId,
        amount,
        status: st,
        eventType,
      });

    assert.equal(await status(await refund("REFUNDA", "10.00")), "processed");
    assert.equal(await credits(api, s.user.id), "50.00");
    await refund("REFUNDB", "15.00");
    assert.equal(await credits(api, s.user.id), "35.00");
    // The same refund again (PayPal delivers at least once, under a new event id): nothing more.
    await refund("REFUNDB", "15.00");
    assert.equal(await credits(api, s.user.id), "35.00");

    // A pending refund takes nothing until PayPal completes it; a failed one never.
    await refund("REFUNDC", "5.00", "PENDING", "PAYMENT.REFUND.PENDING");
    assert.equal(await credits(api, s.user.id), "35.00");
    await refund("REFUNDD", "7.00", "FAILED", "PAYMENT.REFUND.FAILED");
    assert.equal(await credits(api, s.user.id), "35.00");
    await refund("REFUNDC", "5.00", "COMPLETED");
    assert.equal(await credits(api, s.user.id), "30.00");

    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "60.00", "paid"],
      ["refund", "-10.00", "refunded"],
      ["refund", "-15.00", "refunded"],
      ["refund", "-5.00", "refunded"],
    ]);
    await assertLedgerConsistent(api, s.user.id);
    // Still one order, still credited: later refunds keep matching it.
    const [row] = await api.sql`select status from paypal_orders where id = ${order.id}`;
    assert.equal(row!.status, "completed");
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ finding 2 + reconciler

test("a capture answer dropped on the wire is retried with the same request id and credited by the same call", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    sim(api).failCaptures(1, { after: true });
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await json<CaptureResponse>(res)).credits, "25.00");
    assert.equal(sim(api).captureCalls, 2);
    assert.equal((await ledger(api, s.user.id)).length, 1);
  } finally {
    await api.close();
  }
});

test("the reconciler credits a capture whose answers were all lost, exactly once, without a webhook, and says so in the audit log", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "40.00");
    sim(api).approve(order.id);
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 502);
    assert.equal(await credits(api, s.user.id), "0.00");
    assert.equal(sim(api).order(order.id)?.status, "COMPLETED", "PayPal took the money");

    // Not due yet: untouched.
    assert.equal((await reconcilePayPal(api.deps)).checked, 0);
    await due(api);
    const [first, second] = await Promise.all([
      reconcilePayPal(api.deps),
      reconcilePayPal(api.deps),
    ]);
    assert.equal(first.credited + second.credited, 1);
    await due(api);
    assert.equal(
      (await reconcilePayPal(api.deps)).checked,
      0,
      "a credited order is not checked again",
    );
    assert.equal(await credits(api, s.user.id), "40.00");
    assert.equal((await ledger(api, s.user.id)).length, 1);
    const audit = await api.sql<{ actor_id: string | null; after: { source: string } }[]>`
      select actor_id, after from audit_log where action = 'credits.topup' and entity_id = ${s.user.id}`;
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.actor_id, null);
    assert.equal(audit[0]!.after.source, "reconciler");

    // The page asking again now reports success.
    assert.equal((await capture(api, s, order.id)).status, 200);
    assert.equal((await ledger(api, s.user.id)).length, 1);
  } finally {
    await api.close();
  }
});

test("the reconciler captures an approved order whose buyer left before the capture call, and closes abandoned ones", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const approved = await createOrder(api, s, "12.00");
    sim(api).approve(approved.id);
    const abandoned = await createOrder(api, s, "30.00");
    await api.sql`update paypal_orders set created_at = now() - interval '7 hours' where id = ${abandoned.id}`;
    await due(api);
    const result = await reconcilePayPal(api.deps);
    assert.equal(result.credited, 1);
    assert.equal(result.closed, 1);
    assert.equal(await credits(api, s.user.id), "12.00");
    const rows = await api.sql<
      { id: string; status: string }[]
    >`select id, status from paypal_orders where user_id = ${s.user.id}`;
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.status])), {
      [approved.id]: "completed",
      [abandoned.id]: "closed",
    });
    const [closed] =
      await api.sql`select 1 from audit_log where action = 'billing.paypal.order_closed' and entity_id = ${s.user.id}`;
    assert.ok(closed);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ hardening (a)

test("a maximum balance refuses top-ups and admin additions with a clear 4xx, before PayPal and before capture", async () => {
  const api = await startTestApi({ MAX_BALANCE_EUR: "100" });
  try {
    const s = await signUpAndIn(api);
    const admin = await signUpAndIn(api);
    await makeAdmin(api, admin.user.id);
    await setCredits(api.sql, s.user.id, 90);

    const tooMuch = await api.fetch("/api/billing/orders", {
      method: "POST",
      token: s.access_token,
      json: { amount: "25" },
    });
    assert.equal(tooMuch.status, 422);
    assert.equal((await errorOf(tooMuch)).message, maxBalanceMessage("100.00"));
    assert.equal(
      (await api.sql`select 1 from paypal_orders`).length,
      0,
      "no PayPal order was created",
    );

    const addition = await api.fetch(`/api/admin/users/${s.user.id}/credits`, {
      method: "POST",
      token: admin.access_token,
      headers: { "idempotency-key": `test-${crypto.randomUUID()}` },
      json: { operation: "add", amount: "20" },
    });
    assert.equal(addition.status, 422, await addition.clone().text());
    assert.equal((await errorOf(addition)).message, maxBalanceMessage("100.00"));
    assert.equal(await credits(api, s.user.id), "90.00");

    // Room at creation, none any more at capture: refused before PayPal captures anything.
    const order = await createOrder(api, s, "10.00");
    sim(api).approve(order.id);
    await setCredits(api.sql, s.user.id, 95);
    const late = await capture(api, s, order.id);
    assert.equal(late.status, 422);
    assert.equal((await errorOf(late)).message, maxBalanceMessage("100.00"));
    assert.equal(sim(api).order(order.id)?.status, "APPROVED");
    // The page said it failed: the order is closed, and room in the balance later does not let
    // the reconciler take the money behind the buyer's back.
    const [row] = await api.sql`select status from paypal_orders where id = ${order.id}`;
    assert.equal(row?.status, "closed");
    await setCredits(api.sql, s.user.id, 0);
    await due(api);
    const calls = sim(api).captureCalls;
    await reconcilePayPal(api.deps);
    assert.equal(sim(api).captureCalls, calls, "never captured");
    assert.equal(await credits(api, s.user.id), "0.00");
  } finally {
    await api.close();
  }
});

test("crediting that fails after PayPal completed the capture is recorded, shown to the admin and credited later by the reconciler", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "50.00");
    sim(api).approve(order.id);
    // The balance update fails (as numeric(12,2) overflowing once did) after PayPal captured.
    await api.sql.unsafe(`
      create function fail_credit() returns trigger language plpgsql as $$
      begin raise exception 'numeric field overflow'; end $$;
      create trigger fail_credit before update of credits on profiles for each row execute function fail_credit();`);
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 500);
    assert.equal((await errorOf(res)).message, msg.balanceUpdateFailed);
    const [row] =
      await api.sql`select status, capture_id from paypal_orders where id = ${order.id}`;
    assert.equal(row!.status, "captured");
    assert.equal(row!.capture_id, sim(api).order(order.id)?.captures[0]?.id);
    const [failed] =
      await api.sql`select after from audit_log where action = 'billing.paypal.credit_failed' and entity_id = ${s.user.id}`;
    assert.ok(failed, "the admin audit log shows the capture waiting for its credit");

    // Still failing: nothing lost, nothing doubled.
    await due(api);
    assert.equal((await reconcilePayPal(api.deps)).credited, 0);
    await api.sql.unsafe("drop trigger fail_credit on profiles");
    await due(api);
    assert.equal((await reconcilePayPal(api.deps)).credited, 1);
    await due(api);
    await reconcilePayPal(api.deps);
    assert.equal(await credits(api, s.user.id), "50.00");
    assert.deepEqual(await ledger(api, s.user.id), [["topup", "50.00", "paid"]]);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ hardening (b)

test("webhook without or with malformed signature headers is 400 without any outbound call; deliveries are rate limited per IP", async () => {
  const api = await startTestApi({ PAYPAL_WEBHOOK_RATE_LIMIT_PER_IP: "3" });
  try {
    let verifyCalls = 0;
    const verify = api.deps.paypal.verifyWebhook.bind(api.deps.paypal);
    api.deps.paypal.verifyWebhook = (h, b) => {
      verifyCalls++;
      return verify(h, b);
    };
    const body = JSON.stringify({
      id: "WH-1",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {},
    });
    const none = await api.fetch("/api/billing/paypal/webhook", { method: "POST", body });
    assert.equal(none.status, 400);
    const malformed = await api.fetch("/api/billing/paypal/webhook", {
      method: "POST",
      body,
      headers: {
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-1",
        "paypal-transmission-id": "abc",
        "paypal-transmission-sig": "c2ln",
        "paypal-transmission-time": "yesterday",
      },
    });
    assert.equal(malformed.status, 400);
    assert.match((await errorOf(malformed)).message, /paypal-transmission/);
    assert.equal(verifyCalls, 0);
    const [{ n }] = await api.sql<{ n: number }[]>`select count(*)::int as n from rate_limits`;
    assert.equal(n, 0, "refused before the rate limiter's database write");

    const signed = {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-1",
      "paypal-transmission-id": crypto.randomUUID(),
      "paypal-transmission-sig": btoa("not-a-real-signature"),
      "paypal-transmission-time": new Date().toISOString(),
    };
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await api.fetch("/api/billing/paypal/webhook", { method: "POST", body, headers: signed }))
          .status,
      );
    }
    assert.deepEqual(statuses, [400, 400, 400, 429]);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ finding 4

test("after INSTRUMENT_DECLINED the buyer approves again and the next capture uses a new request id", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "18.00");
    sim(api).approve(order.id);
    const [before] =
      await api.sql`select capture_request_id from paypal_orders where id = ${order.id}`;
    sim(api).declineNextCapture();
    const declined = await capture(api, s, order.id);
    assert.equal(declined.status, 422);
    assert.equal((await errorOf(declined)).code, "instrument_declined");
    const [after] =
      await api.sql`select capture_request_id from paypal_orders where id = ${order.id}`;
    assert.notEqual(after!.capture_request_id, before!.capture_request_id);
    // actions.restart(): the buyer picks another funding source and approves again.
    sim(api).approve(order.id);
    const paid = await capture(api, s, order.id);
    assert.equal(paid.status, 200, await paid.clone().text());
    assert.equal(await credits(api, s.user.id), "18.00");
  } finally {
    await api.close();
  }
});

test("a declined top-up is never captured behind the buyer's back; only their own new approval captures it", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    for (const issue of ["INSTRUMENT_DECLINED", "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"] as const) {
      const order = await createOrder(api, s, "11.00");
      sim(api).approve(order.id);
      sim(api).declineNextCapture(issue);
      const declined = await capture(api, s, order.id);
      assert.equal(declined.status, 422, issue);
      // The buttons restart for both refusals (the buyer picks another funding source).
      assert.equal((await errorOf(declined)).code, "instrument_declined", issue);
      // PayPal keeps the order APPROVED; the reconciler reads it back and leaves it alone.
      assert.equal(sim(api).order(order.id)?.status, "APPROVED");
      const calls = sim(api).captureCalls;
      await due(api);
      await reconcilePayPal(api.deps);
      assert.equal(sim(api).captureCalls, calls, `${issue}: no capture without the buyer`);
      assert.equal(
        await credits(api, s.user.id),
        issue === "INSTRUMENT_DECLINED" ? "0.00" : "11.00",
      );
      // The buyer approves again with another source and pays: captured and credited, once.
      sim(api).approve(order.id);
      const paid = await capture(api, s, order.id);
      assert.equal(paid.status, 200, await paid.clone().text());
    }
    assert.equal(await credits(api, s.user.id), "22.00");
    // Declined and never approved again: given up on once PayPal lets it expire.
    const abandoned = await createOrder(api, s, "5.00");
    sim(api).approve(abandoned.id);
    sim(api).declineNextCapture();
    assert.equal((await capture(api, s, abandoned.id)).status, 422);
    await api.sql`update paypal_orders set created_at = now() - interval '7 hours' where id = ${abandoned.id}`;
    await due(api);
    await reconcilePayPal(api.deps);
    const [row] = await api.sql`select status from paypal_orders where id = ${abandoned.id}`;
    assert.equal(row?.status, "closed");
    assert.equal(await credits(api, s.user.id), "22.00");
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ finding 6

test("a PENDING capture answers 202 'pending' (no second payment invited) and is credited once when PayPal completes it", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "33.00");
    sim(api).approve(order.id);
    sim(api).overrideNextCapture({ status: "PENDING" });
    sim(api).deliverWebhooksTo(webhookUrl(api));
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 202, await res.clone().text());
    const body = await json<CaptureResponse>(res);
    assert.equal(body.status, "PENDING");
    assert.equal(body.credits, "0.00");
    // Asking again while PayPal holds it: still pending, no second capture.
    assert.equal((await capture(api, s, order.id)).status, 202);
    assert.equal(await credits(api, s.user.id), "0.00");

    await sim(api).completePendingCapture(order.id);
    assert.equal(await credits(api, s.user.id), "33.00");
    const done = await capture(api, s, order.id);
    assert.equal(done.status, 200);
    assert.equal((await json<CaptureResponse>(done)).status, "COMPLETED");
    assert.equal((await ledger(api, s.user.id)).length, 1);
  } finally {
    await api.close();
  }
});

test("a PENDING capture whose completion webhook never comes is credited by the reconciler", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "21.00");
    sim(api).approve(order.id);
    sim(api).overrideNextCapture({ status: "PENDING" });
    assert.equal((await capture(api, s, order.id)).status, 202);
    await due(api);
    assert.equal((await reconcilePayPal(api.deps)).pending, 1);
    await sim(api).completePendingCapture(order.id);
    await due(api);
    assert.equal((await reconcilePayPal(api.deps)).credited, 1);
    assert.equal(await credits(api, s.user.id), "21.00");
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ finding 7

test("PayPal credentials without PAYPAL_API_BASE stop the API with a message naming the live URL", () => {
  assert.throws(
    () =>
      loadConfig({
        PAYPAL_CLIENT_ID: "id",
        PAYPAL_CLIENT_SECRET: "secret",
        PAYPAL_WEBHOOK_ID: "w",
      }),
    (err) =>
      err instanceof ConfigError &&
      /PAYPAL_API_BASE/.test(err.message) &&
      /https:\/\/api-m\.paypal\.com/.test(err.message),
  );
  // Refunds and disputes arrive as webhooks: credentials without the webhook id would lose them.
  assert.throws(
    () =>
      loadConfig({
        PAYPAL_CLIENT_ID: "id",
        PAYPAL_CLIENT_SECRET: "secret",
        PAYPAL_API_BASE: "https://api-m.paypal.com",
      }),
    (err) => err instanceof ConfigError && /PAYPAL_WEBHOOK_ID: required/.test(err.message),
  );
  const live = loadConfig({
    PAYPAL_CLIENT_ID: "id",
    PAYPAL_CLIENT_SECRET: "secret",
    PAYPAL_API_BASE: "https://api-m.paypal.com",
    PAYPAL_WEBHOOK_ID: "WH-1",
  });
  assert.equal(live.PAYPAL_API_BASE, "https://api-m.paypal.com");
  assert.throws(() => loadConfig({ MAX_BALANCE_EUR: "99999999999" }), ConfigError);
  assert.equal(loadConfig({ MAX_BALANCE_EUR: "2500.5" }).MAX_BALANCE_EUR, "2500.50");
});

// ------------------------------------------------------------------ finding 9 (through the API)

test("an expired access token is renewed once (the 401 path), and a request id is forgotten after 6 hours", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    await createOrder(api, s, "10.00");
    const tokens = sim(api).tokenCalls;
    sim(api).expireTokens();
    await createOrder(api, s, "11.00");
    assert.equal(sim(api).tokenCalls, tokens + 1);

    const request_id = crypto.randomUUID();
    const send = () =>
      api.fetch("/api/billing/orders", {
        method: "POST",
        token: s.access_token,
        json: { amount: "12", request_id },
      });
    const first = await json<CreateOrderResponse>(await send());
    assert.equal((await json<CreateOrderResponse>(await send())).id, first.id);
    sim(api).advanceClock(6 * 3600_000 + 1000);
    // PayPal forgot the id, but not the invoice id made of it: no second order, and the portal
    // refuses to take it as the same checkout.
    assert.equal((await send()).status, 409);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ money flowing back

test("a refund made at PayPal whose webhook never came is found by reading the credited top-up back, once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "40.00");
    sim(api).approve(order.id);
    assert.equal((await capture(api, s, order.id)).status, 200);
    assert.equal(await credits(api, s.user.id), "40.00");
    // PayPal pays 15 back (the seller's dashboard, a support case); no webhook reaches the portal.
    sim(api).refundCapture(order.id, { amount: "15.00" });
    for (let run = 0; run < 2; run++) {
      await api.sql`update paypal_orders set next_check_at = now() - interval '1 second' where id = ${order.id}`;
      const result = await reconcilePayPal(api.deps);
      assert.equal(result.followed_up, 1);
      assert.equal(await credits(api, s.user.id), "25.00", `run ${run}: debited once`);
    }
    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "40.00", "paid"],
      ["refund", "-15.00", "refunded"],
    ]);
    await assertLedgerConsistent(api, s.user.id);
    // The next read-back waits longer each time, and none is due after PayPal's 180 days.
    const [next] = await api.sql<{ wait: number }[]>`
      select extract(epoch from next_check_at - now())::int as wait from paypal_orders where id = ${order.id}`;
    assert.ok(next!.wait > api.deps.config.PAYPAL_RECONCILE_AFTER_SECONDS, `${next!.wait}`);
    await api.sql`update paypal_orders set completed_at = now() - interval '181 days',
      next_check_at = now() - interval '1 second' where id = ${order.id}`;
    await reconcilePayPal(api.deps);
    const [done] = await api.sql`select next_check_at from paypal_orders where id = ${order.id}`;
    assert.equal(done!.next_check_at, null);
  } finally {
    await api.close();
  }
});

test("a capture PayPal refunded before the portal credited it is never credited in full", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "40.00");
    sim(api).approve(order.id);
    // The capture happens at PayPal but every answer is lost; then PayPal refunds it in full.
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    assert.equal((await capture(api, s, order.id)).status, 502);
    sim(api).refundCapture(order.id);
    await due(api);
    await reconcilePayPal(api.deps);
    assert.equal(await credits(api, s.user.id), "0.00");
    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "40.00", "refunded"],
      ["refund", "-40.00", "refunded"],
    ]);
    await assertLedgerConsistent(api, s.user.id);
  } finally {
    await api.close();
  }
});

test("a refund's state only moves forward: a late PENDING after COMPLETED is still debited", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "30.00");
    sim(api).approve(order.id);
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    assert.equal((await capture(api, s, order.id)).status, 502);
    // The refund's events arrive before the portal knows the capture, and out of order.
    const refundId = "REFUND0000000001";
    for (const status of ["COMPLETED", "PENDING"]) {
      const res = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
        refundId,
        amount: "10.00",
        status,
        eventType: status === "PENDING" ? "PAYMENT.REFUND.PENDING" : "PAYMENT.CAPTURE.REFUNDED",
      });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    }
    await due(api);
    await reconcilePayPal(api.deps);
    assert.equal(await credits(api, s.user.id), "20.00");
    await assertLedgerConsistent(api, s.user.id);
  } finally {
    await api.close();
  }
});

test("verified webhook deliveries never use up the per-address limit; refused ones do", async () => {
  const api = await startTestApi({ PAYPAL_WEBHOOK_RATE_LIMIT_PER_IP: "2" });
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "10.00");
    sim(api).approve(order.id);
    assert.equal((await capture(api, s, order.id)).status, 200);
    // PayPal working off a backlog: many verified deliveries from one address.
    for (let i = 0; i < 5; i++) {
      const res = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id);
      assert.equal(res.status, 200, `delivery ${i}`);
      await res.body?.cancel();
    }
    const forged: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id, { forge: true });
      forged.push(res.status);
      await res.body?.cancel();
    }
    assert.deepEqual(forged, [400, 400, 429]);
    assert.equal(await credits(api, s.user.id), "10.00");
  } finally {
    await api.close();
  }
});

test("a capture event without supplementary_data is matched by its 'up' link", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "14.00");
    sim(api).approve(order.id);
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    assert.equal((await capture(api, s, order.id)).status, 502);
    const res = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id, { relatedIds: false });
    assert.equal((await json<{ status: string }>(res)).status, "processed");
    assert.equal(await credits(api, s.user.id), "14.00");
  } finally {
    await api.close();
  }
});

test("a reconciler run longer than its lease never has another replica work the same order", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    // Approved and never captured (the buyer closed the page): the reconciler captures them,
    // each capture taking 1.5 s at PayPal.
    const orders = [];
    for (const amount of ["5.00", "6.00", "7.00"]) {
      const order = await createOrder(api, s, amount);
      sim(api).approve(order.id);
      orders.push(order);
    }
    sim(api).delayCaptures(1500, 10);
    await due(api);
    // A lease longer than one order's calls but shorter than the whole batch.
    const first = reconcilePayPal(api.deps, 50, 2);
    await new Promise((r) => setTimeout(r, 2500));
    const second = reconcilePayPal(api.deps, 50, 2);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a.checked + b.checked, 3, JSON.stringify({ a, b }));
    assert.equal(sim(api).captureCalls, 3, "each order captured by one replica only");
    assert.equal(await credits(api, s.user.id), "18.00");
  } finally {
    await api.close();
  }
});

test("a capture answered 201 with an unreadable body is read back and credited once, not taken as failed", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "16.00");
    sim(api).approve(order.id);
    sim(api).garbleNextCapture();
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(await credits(api, s.user.id), "16.00");
    assert.equal((await ledger(api, s.user.id)).length, 1);
  } finally {
    await api.close();
  }
});

test("an order PayPal let expire says so, takes nothing and is closed", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "9.00");
    sim(api).approve(order.id);
    sim(api).expireOrder(order.id);
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 422);
    const error = await errorOf(res);
    assert.equal(error.code, "payment_expired");
    assert.equal(error.message, msg.orderExpired);
    const [row] = await api.sql`select status from paypal_orders where id = ${order.id}`;
    assert.equal(row?.status, "closed");
    assert.equal(await credits(api, s.user.id), "0.00");
  } finally {
    await api.close();
  }
});
