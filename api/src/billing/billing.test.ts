import assert from "node:assert/strict";
import type {
  CaptureResponse,
  CreateOrderResponse,
  TransactionsResponse,
} from "../../contracts/billing.ts";
import { billingMessages as msg } from "../../contracts/billing.ts";
import {
  captureTopUp as capture,
  createTopUp as createOrder,
  errorOf,
  json,
  setCredits,
  signUpAndIn,
  paypalSim as sim,
  startTestApi,
  type TestApi,
  test,
  paypalWebhookUrl as webhookUrl,
} from "../platform/testing.ts";

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
    select amount, kind, status, paypal_transaction_id from transactions where user_id = ${userId} order by created_at`;
  return [...rows];
}

test("billing: amount bounds are enforced by the API and a refused amount changes nothing", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    for (const amount of [
      4.99,
      "4.99",
      300.01,
      "300.01",
      "abc",
      "10.001",
      10.001,
      "",
      null,
      -5,
      "1e2",
      "0x10",
    ]) {
      const res = await api.fetch("/api/billing/orders", {
        method: "POST",
        token: s.access_token,
        json: { amount },
      });
      assert.equal(res.status, 422, `amount ${JSON.stringify(amount)}`);
      assert.equal((await errorOf(res)).message, msg.invalidAmount);
    }
    const [{ n }] = await api.sql<{ n: number }[]>`select count(*)::int as n from paypal_orders`;
    assert.equal(n, 0);
    for (const [amount, expected] of [
      [5, "5.00"],
      ["300", "300.00"],
      ["25.5", "25.50"],
      [99.99, "99.99"],
    ] as const) {
      const order = await createOrder(api, s, amount);
      assert.equal(order.amount, expected);
      assert.equal(order.currency, "EUR");
      // With its experience context, PayPal sends the buyer through the "payer-action" link.
      assert.equal(order.status, "PAYER_ACTION_REQUIRED");
      assert.match(order.approve_url ?? "", /checkoutnow\?token=/);
    }
    const unauth = await api.fetch("/api/billing/orders", {
      method: "POST",
      json: { amount: "10" },
    });
    assert.equal(unauth.status, 401);
  } finally {
    await api.close();
  }
});

test("billing: create → approve → capture credits once, writes the ledger and the audit row", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "25");

    const early = await capture(api, s, order.id);
    assert.equal(early.status, 422);
    assert.equal((await errorOf(early)).message, msg.notCompleted);

    const approve = await api.fetch(`/api/billing/orders/${order.id}/sandbox-approve`, {
      method: "POST",
      token: s.access_token,
    });
    assert.equal(approve.status, 204);
    const res = await capture(api, s, order.id);
    assert.equal(res.status, 200);
    const body = await json<CaptureResponse>(res);
    assert.equal(body.amount, "25.00");
    assert.equal(body.credits, "25.00");
    assert.equal(body.capture_id, sim(api).order(order.id)?.captures[0]?.id);

    const again = await json<CaptureResponse>(await capture(api, s, order.id));
    assert.equal(again.credits, "25.00");
    assert.equal(again.transaction_id, body.transaction_id);
    assert.equal(await credits(api, s.user.id), "25.00");
    assert.deepEqual(await ledger(api, s.user.id), [
      { amount: "25.00", kind: "topup", status: "paid", paypal_transaction_id: body.capture_id },
    ]);
    const audit =
      await api.sql`select actor_id, after from audit_log where action = 'credits.topup' and entity_id = ${s.user.id}`;
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.actor_id, s.user.id);

    const list = await json<TransactionsResponse>(
      await api.fetch("/api/billing/transactions", { token: s.access_token }),
    );
    assert.equal(list.transactions.length, 1);
    assert.equal(list.transactions[0]!.paypal_transaction_id, body.capture_id);
    assert.equal(list.transactions[0]!.amount, "25.00");
  } finally {
    await api.close();
  }
});

test("billing: a retried create with the same request id returns the same order; a failing create records nothing", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const request_id = crypto.randomUUID();
    const send = () =>
      api.fetch("/api/billing/orders", {
        method: "POST",
        token: s.access_token,
        json: { amount: "10", request_id },
      });
    const [a, b] = await Promise.all([send(), send()]);
    assert.equal((await json<CreateOrderResponse>(a)).id, (await json<CreateOrderResponse>(b)).id);

    const other = await signUpAndIn(api);
    const stolen = await api.fetch("/api/billing/orders", {
      method: "POST",
      token: other.access_token,
      json: { amount: "10", request_id },
    });
    assert.equal(stolen.status, 409);

    sim(api).failCreates(1);
    const failed = await api.fetch("/api/billing/orders", {
      method: "POST",
      token: s.access_token,
      json: { amount: "10" },
    });
    assert.equal(failed.status, 502);
    assert.equal((await errorOf(failed)).message, msg.orderCreationFailed);
    const [{ n }] = await api.sql<{ n: number }[]>`select count(*)::int as n from paypal_orders`;
    assert.equal(n, 1);
  } finally {
    await api.close();
  }
});

test("billing: 50 concurrent captures of one order credit exactly once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => capture(api, s, order.id)));
    const ms = Math.round(performance.now() - started);
    const statuses = results.map((r) => r.status);
    const bodies = await Promise.all(results.map((r) => r.json()));
    assert.deepEqual(
      new Set(statuses),
      new Set([200]),
      JSON.stringify(bodies.find((b) => b.error)),
    );
    assert.equal(await credits(api, s.user.id), "25.00");
    assert.equal((await ledger(api, s.user.id)).length, 1);
    assert.equal(new Set(bodies.map((b) => b.capture_id)).size, 1);
    console.log(`50 concurrent captures: ${ms} ms, ${sim(api).captureCalls} reached PayPal`);
  } finally {
    await api.close();
  }
});

test("billing: capture and webhook (delivered twice) at the same moment credit once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "40.00");
    sim(api).approve(order.id);
    sim(api).deliverWebhooksTo(webhookUrl(api), { twice: true });
    const results = await Promise.all([capture(api, s, order.id), capture(api, s, order.id)]);
    for (const r of results) assert.equal(r.status, 200);
    // The deliveries run alongside the captures; wait until PayPal's event has been handled.
    for (let i = 0; i < 50; i++) {
      const [{ n }] = await api.sql<
        { n: number }[]
      >`select count(*)::int as n from paypal_webhook_events`;
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await credits(api, s.user.id), "40.00");
    assert.equal((await ledger(api, s.user.id)).length, 1);
    const [{ n }] = await api.sql<
      { n: number }[]
    >`select count(*)::int as n from paypal_webhook_events`;
    assert.equal(n, 1, "the repeated delivery of the same event is recorded once");
  } finally {
    await api.close();
  }
});

test("billing: a browser gone after approval still gets its credits through the webhook", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "30.00");
    sim(api).approve(order.id);
    // PayPal captures but neither the answer, nor the retry's, nor the read-back arrives.
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    const timedOut = await capture(api, s, order.id);
    assert.equal(timedOut.status, 502);
    assert.equal((await errorOf(timedOut)).message, msg.captureFailed);
    assert.equal(await credits(api, s.user.id), "0.00");

    const hook = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id);
    assert.equal(hook.status, 200);
    assert.equal((await json<{ status: string }>(hook)).status, "processed");
    assert.equal(await credits(api, s.user.id), "30.00");

    // The page's retry now finds the order credited and reports success without a second credit.
    const retry = await capture(api, s, order.id);
    assert.equal(retry.status, 200);
    assert.equal((await json<CaptureResponse>(retry)).credits, "30.00");
    assert.equal((await ledger(api, s.user.id)).length, 1);
  } finally {
    await api.close();
  }
});

test("billing: PayPal failing or timing out mid-capture is retried with the same request id and credits exactly once", async () => {
  const api = await startTestApi();
  try {
    api.deps.paypal.timeoutMs = 300;
    const s = await signUpAndIn(api);

    // A 500 without capturing: the API retries at once with the same PayPal-Request-Id.
    const failing = await createOrder(api, s, "10.00");
    sim(api).approve(failing.id);
    sim(api).failCaptures(1);
    const failed = await capture(api, s, failing.id);
    assert.equal(failed.status, 200);
    assert.equal(await credits(api, s.user.id), "10.00");

    // Timeout after PayPal captured: the retry's PayPal-Request-Id replays the first capture.
    const slow = await createOrder(api, s, "20.00");
    sim(api).approve(slow.id);
    sim(api).delayCaptures(1000);
    assert.equal((await capture(api, s, slow.id)).status, 200);
    assert.equal(await credits(api, s.user.id), "30.00");

    // Every answer lost: 502 now, and a later call that PayPal answers ORDER_ALREADY_CAPTURED
    // (its replay record gone) reads the order back and credits once.
    const lost = await createOrder(api, s, "15.00");
    sim(api).approve(lost.id);
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    const unknown = await capture(api, s, lost.id);
    assert.equal(unknown.status, 502);
    assert.equal((await errorOf(unknown)).message, msg.captureFailed);
    await api.sql`update paypal_orders set capture_request_id = gen_random_uuid() where id = ${lost.id}`;
    const [a, b] = await Promise.all([capture(api, s, lost.id), capture(api, s, lost.id)]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(await credits(api, s.user.id), "45.00");
    assert.equal((await ledger(api, s.user.id)).length, 3);
  } finally {
    await api.close();
  }
});

test("billing: another user's order cannot be captured or approved, and nothing is credited", async () => {
  const api = await startTestApi();
  try {
    const owner = await signUpAndIn(api);
    const thief = await signUpAndIn(api);
    const order = await createOrder(api, owner, "50.00");
    sim(api).approve(order.id);
    const res = await capture(api, thief, order.id);
    assert.equal(res.status, 404);
    const approve = await api.fetch(`/api/billing/orders/${order.id}/sandbox-approve`, {
      method: "POST",
      token: thief.access_token,
    });
    assert.equal(approve.status, 404);
    assert.equal(await credits(api, thief.user.id), "0.00");
    assert.equal(await credits(api, owner.user.id), "0.00");
    assert.equal(
      sim(api).order(order.id)?.status,
      "APPROVED",
      "the thief's call never reached PayPal",
    );
    assert.equal((await capture(api, owner, order.id)).status, 200);
    assert.equal(await credits(api, owner.user.id), "50.00");
  } finally {
    await api.close();
  }
});

test("billing: a capture that is not COMPLETED, or of another amount or currency, credits nothing", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const cases = [
      { override: { status: "DECLINED" }, message: msg.notCompleted },
      { override: { amount: { currency_code: "EUR", value: "1.00" } }, message: msg.paymentError },
      { override: { amount: { currency_code: "USD", value: "25.00" } }, message: msg.paymentError },
    ];
    for (const c of cases) {
      const order = await createOrder(api, s, "25.00");
      sim(api).approve(order.id);
      sim(api).overrideNextCapture(c.override);
      const res = await capture(api, s, order.id);
      assert.equal(res.status, 402, JSON.stringify(c));
      assert.equal((await errorOf(res)).message, c.message);
      // A webhook claiming the same capture credits nothing either.
      if (c.override.amount) {
        const hook = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id);
        assert.equal((await json<{ status: string }>(hook)).status, "ignored");
      }
    }
    assert.equal(await credits(api, s.user.id), "0.00");
    assert.equal((await ledger(api, s.user.id)).length, 0);
  } finally {
    await api.close();
  }
});

test("billing: INSTRUMENT_DECLINED is reported so the buyer can choose another funding source", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "12.34");
    sim(api).approve(order.id);
    sim(api).declineNextCapture();
    const declined = await capture(api, s, order.id);
    assert.equal(declined.status, 422);
    const error = await errorOf(declined);
    assert.equal(error.code, "instrument_declined");
    assert.equal(error.message, msg.notCompleted);
    assert.equal(await credits(api, s.user.id), "0.00");
    // The buttons restart: the buyer approves again with another funding source.
    sim(api).approve(order.id);
    assert.equal((await capture(api, s, order.id)).status, 200);
    assert.equal(await credits(api, s.user.id), "12.34");
  } finally {
    await api.close();
  }
});

test("billing: a forged webhook credits nothing; a verified one is processed once; refunds are recorded", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "60.00");
    sim(api).approve(order.id);
    sim(api).failCaptures(2, { after: true });
    sim(api).failReads(1);
    assert.equal((await capture(api, s, order.id)).status, 502);

    const forged = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id, { forge: true });
    assert.equal(forged.status, 400);
    assert.equal(await credits(api, s.user.id), "0.00");

    const garbage = await api.fetch("/api/billing/paypal/webhook", {
      method: "POST",
      body: "not json",
    });
    assert.equal(garbage.status, 400);

    assert.equal((await sim(api).sendCaptureWebhook(webhookUrl(api), order.id)).status, 200);
    assert.equal(await credits(api, s.user.id), "60.00");

    // Spend part of it, then PayPal refunds the whole capture: the balance floors at 0.
    await setCredits(api.sql, s.user.id, 15);
    const refund = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REFUNDED",
    });
    assert.equal((await json<{ status: string }>(refund)).status, "processed");
    assert.equal(await credits(api, s.user.id), "0.00");
    const rows = await ledger(api, s.user.id);
    assert.deepEqual(
      rows.map((r) => [r.kind, r.amount, r.status]),
      [
        ["topup", "60.00", "refunded"],
        ["refund", "-15.00", "refunded"],
      ],
    );
    // PayPal never refunds more than the capture: nothing more is taken for the same capture.
    const again = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REFUNDED",
    });
    assert.equal(again.status, 200);
    assert.equal((await ledger(api, s.user.id)).length, 2);
  } finally {
    await api.close();
  }
});

test("billing: transactions are the caller's own, newest first, limited, and index-backed with 10k rows", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const other = await signUpAndIn(api);
    // Ledger rows and the balances they add up to, together (the database checks it at commit).
    await api.sql.begin(async (tx) => {
      await tx`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
        select ${s.user.id}, (i % 50 + 1)::numeric, 'paid', 'topup', 'CAP' || i, now() - make_interval(mins => i)
        from generate_series(1, 10000) i`;
      await tx`
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id, created_at)
        select ${other.user.id}, 5, 'paid', 'topup', 'OTHER' || i, now() from generate_series(1, 100) i`;
      await tx`update profiles set credits = ledger_total where id in (${s.user.id}, ${other.user.id})`;
    });
    await api.sql`analyze transactions`;

    const res = await api.fetch("/api/billing/transactions", { token: s.access_token });
    const { transactions } = await json<TransactionsResponse>(res);
    assert.equal(transactions.length, 50);
    assert.equal(transactions[0]!.paypal_transaction_id, "CAP1");
    assert.ok(
      transactions.every((t, i) => i === 0 || t.created_at <= transactions[i - 1]!.created_at),
    );
    assert.ok(transactions.every((t) => t.paypal_transaction_id?.startsWith("CAP")));

    const limited = await json<TransactionsResponse>(
      await api.fetch("/api/billing/transactions?limit=5", { token: s.access_token }),
    );
    assert.equal(limited.transactions.length, 5);
    assert.equal(
      (await api.fetch("/api/billing/transactions?limit=0", { token: s.access_token })).status,
      422,
    );
    assert.equal(
      (await api.fetch("/api/billing/transactions?limit=abc", { token: s.access_token })).status,
      422,
    );
    assert.equal((await api.fetch("/api/billing/transactions")).status, 401);

    const plan = await api.sql.unsafe(
      `explain select id, amount, status, kind, paypal_transaction_id, created_at from transactions
       where user_id = $1 order by created_at desc limit 50`,
      [s.user.id],
    );
    assert.match(
      plan.map((r) => r["QUERY PLAN"]).join("\n"),
      /Index Scan using transactions_user_created_idx/,
    );

    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (
        await api.fetch("/api/billing/transactions", { token: s.access_token })
      ).body?.cancel();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`GET /api/billing/transactions with 10k rows: median ${times[10]!.toFixed(1)} ms`);
  } finally {
    await api.close();
  }
});

test("billing: config says sandbox without PayPal credentials", async () => {
  const api = await startTestApi();
  try {
    const res = await api.fetch("/api/billing/config");
    assert.deepEqual(await json(res), {
      mode: "sandbox",
      client_id: null,
      currency: "EUR",
      min: "5.00",
      max: "300.00",
      max_balance: "10000.00",
    });
    const doc = await json<{ paths: Record<string, unknown> }>(
      await api.fetch("/api/openapi.json"),
    );
    for (const path of [
      "/api/billing/orders",
      "/api/billing/orders/{id}/capture",
      "/api/billing/transactions",
      "/api/billing/paypal/webhook",
    ]) {
      assert.ok(doc.paths[path], path);
    }
  } finally {
    await api.close();
  }
});

test("billing: PayPal is asked for no shipping address and gets the portal's reference and description", async () => {
  const api = await startTestApi({ SELLER_NAME: "Example Hosting GmbH" });
  try {
    const s = await signUpAndIn(api);
    await createOrder(api, s, "10.00");
    await createOrder(api, s, "10.00");
    // deno-lint-ignore no-explicit-any
    const [first, second] = sim(api).createBodies as any[];
    assert.equal(first.payment_source.paypal.experience_context.shipping_preference, "NO_SHIPPING");
    const unit = first.purchase_units[0];
    assert.equal(unit.description, "Example Hosting GmbH account credits");
    assert.equal(unit.custom_id, s.user.id);
    assert.match(unit.invoice_id, /^TOPUP-[0-9a-f-]{36}$/);
    // PayPal refuses an invoice id it has seen: each top-up has its own.
    assert.notEqual(second.purchase_units[0].invoice_id, unit.invoice_id);
  } finally {
    await api.close();
  }
});
