/**
 * Money flowing back, part two: disputes hold credits and settle once, payments PayPal took but
 * the portal cannot settle land on the admin's Payments page (and are closed there), and a pending
 * top-up PayPal denies is told to the customer. Each test fails on the code before.
 */
import assert from "node:assert/strict";
import type { PaymentNotices } from "../../contracts/billing.ts";
import type { AttentionList } from "../../contracts/payments-attention.ts";
import {
  captureTopUp as capture,
  createTopUp as createOrder,
  json,
  makeAdmin,
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

const status = async (res: Response) => (await json<{ status: string }>(res)).status;

async function credits(api: TestApi, userId: string) {
  const [row] = await api.sql<{ credits: string; held: string }[]>`
    select credits::text, credits_held::text as held from profiles where id = ${userId}`;
  return row!;
}

async function ledger(api: TestApi, userId: string) {
  const rows = await api.sql<{ amount: string; kind: string; status: string }[]>`
    select amount::text, kind, status from transactions where user_id = ${userId}
    order by created_at, id`;
  return rows.map((r) => [r.kind, r.amount, r.status]);
}

async function assertLedgerConsistent(api: TestApi, userId: string) {
  const [row] = await api.sql<{ sum: string; credits: string }[]>`
    select coalesce((select sum(amount) from transactions where user_id = ${userId}), 0)::numeric(12, 2)::text as sum,
      credits::text from profiles where id = ${userId}`;
  assert.equal(row!.sum, row!.credits, "the ledger sums to the balance");
}

async function spend(api: TestApi, userId: string, amount: string) {
  await api.sql.begin(async (tx) => {
    await tx`update profiles set credits = credits - ${amount}::numeric where id = ${userId}`;
    await tx`insert into transactions (user_id, amount, status, kind) values (${userId}, -(${amount}::numeric), 'paid', 'purchase')`;
  });
}

async function product(api: TestApi, price: string) {
  const [row] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values (${`Disputed ${price}`}, ${price}, '2 vCores', '4 GB', '80 GB', '1 Gbit/s', 'Always-on', 'dedicated')
    returning id`;
  return row!.id;
}

const buy = (api: TestApi, who: Who, productId: string) =>
  api.fetch("/api/shop/orders", {
    method: "POST",
    token: who.access_token,
    json: { product_id: productId },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });

const notices = async (api: TestApi, who: Who) =>
  await json<PaymentNotices>(
    await api.fetch("/api/billing/payment-notices", { token: who.access_token }),
  );

async function dispute(
  api: TestApi,
  orderId: string,
  eventType: "CUSTOMER.DISPUTE.CREATED" | "CUSTOMER.DISPUTE.UPDATED" | "CUSTOMER.DISPUTE.RESOLVED",
  opts: { disputeId: string; amount?: string; outcome?: string },
) {
  const res = await sim(api).sendDisputeWebhook(webhookUrl(api), orderId, { eventType, ...opts });
  assert.equal(res.status, 200, await res.clone().text());
  return await status(res);
}

async function attention(api: TestApi, admin: Who) {
  const res = await api.fetch("/api/admin/payments", { token: admin.access_token });
  assert.equal(res.status, 200, await res.clone().text());
  return (await json<AttentionList>(res)).items;
}

async function staff(api: TestApi) {
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  return admin;
}

// ------------------------------------------------------------------ disputes

test("an open dispute holds its amount (purchases see less), shown to the customer; the seller's win releases it, once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "30.00");
    const server = await product(api, "20.00");

    assert.equal(
      await dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
        disputeId: "PP-D-1001",
        amount: "25.00",
      }),
      "processed",
    );
    assert.deepEqual(await credits(api, s.user.id), { credits: "30.00", held: "25.00" });
    const shown = await notices(api, s);
    assert.equal(shown.held, "25.00");
    assert.equal(shown.available, "5.00");
    assert.equal(shown.disputes.length, 1);
    // The one money path sees only what is not held.
    const refused = await buy(api, s, server);
    assert.equal(refused.status, 402);

    // Updated, then resolved for the seller (delivered twice): released, no money moved.
    await dispute(api, order.id, "CUSTOMER.DISPUTE.UPDATED", {
      disputeId: "PP-D-1001",
      amount: "25.00",
    });
    for (let i = 0; i < 2; i++) {
      await dispute(api, order.id, "CUSTOMER.DISPUTE.RESOLVED", {
        disputeId: "PP-D-1001",
        outcome: "RESOLVED_SELLER_FAVOUR",
      });
    }
    // A CREATED delivered late never opens it again.
    await dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
      disputeId: "PP-D-1001",
      amount: "25.00",
    });
    assert.deepEqual(await credits(api, s.user.id), { credits: "30.00", held: "0.00" });
    assert.deepEqual(await ledger(api, s.user.id), [["topup", "30.00", "paid"]]);
    assert.equal((await buy(api, s, server)).status, 201);
    assert.equal((await notices(api, s)).held, "0.00");
  } finally {
    await api.close();
  }
});

test("the buyer's win takes the disputed amount back once, like a reversal, whatever else PayPal sends", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "40.00");
    // RESOLVED arrives first, then the CREATED, then PayPal's own reversal of the same money.
    await dispute(api, order.id, "CUSTOMER.DISPUTE.RESOLVED", {
      disputeId: "PP-D-2001",
      amount: "15.00",
      outcome: "RESOLVED_BUYER_FAVOUR",
    });
    await dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
      disputeId: "PP-D-2001",
      amount: "15.00",
    });
    const reversal = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REVERSED",
      refundId: "REVERSAL-2001",
      amount: "15.00",
    });
    assert.equal(reversal.status, 200);
    await reversal.body?.cancel();
    await dispute(api, order.id, "CUSTOMER.DISPUTE.RESOLVED", {
      disputeId: "PP-D-2001",
      amount: "15.00",
      outcome: "RESOLVED_BUYER_FAVOUR",
    });
    assert.deepEqual(await credits(api, s.user.id), { credits: "25.00", held: "0.00" });
    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "40.00", "paid"],
      ["reversal", "-15.00", "reversed"],
    ]);
    await assertLedgerConsistent(api, s.user.id);
    const [note] = await api.sql`
      select count(*)::int as n from invoices where user_id = ${s.user.id} and kind = 'credit_note'`;
    assert.equal(note!.n, 1, "one credit note for the money taken back");
  } finally {
    await api.close();
  }
});

test("dispute events delivered at the same moment, in any order and repeated, take the money back once", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "20.00");
    const events = [
      ...Array.from({ length: 4 }, () =>
        dispute(api, order.id, "CUSTOMER.DISPUTE.RESOLVED", {
          disputeId: "PP-D-4001",
          amount: "20.00",
          outcome: "RESOLVED_BUYER_FAVOUR",
        }),
      ),
      ...Array.from({ length: 3 }, () =>
        dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
          disputeId: "PP-D-4001",
          amount: "20.00",
        }),
      ),
    ];
    await Promise.all(events);
    assert.deepEqual(await credits(api, s.user.id), { credits: "0.00", held: "0.00" });
    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "20.00", "reversed"],
      ["reversal", "-20.00", "reversed"],
    ]);
    await assertLedgerConsistent(api, s.user.id);
  } finally {
    await api.close();
  }
});

test("the seller's win gives back what an earlier reversal of the capture took, once, with a ledger row", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "50.00");
    await spend(api, s.user.id, "20.00");
    const reversal = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REVERSED",
      refundId: "REVERSAL-3001",
    });
    await reversal.body?.cancel();
    assert.equal((await credits(api, s.user.id)).credits, "0.00");
    await dispute(api, order.id, "CUSTOMER.DISPUTE.CREATED", {
      disputeId: "PP-D-3001",
      amount: "50.00",
    });
    assert.equal((await credits(api, s.user.id)).held, "0.00", "nothing left to hold");
    for (let i = 0; i < 2; i++) {
      await dispute(api, order.id, "CUSTOMER.DISPUTE.RESOLVED", {
        disputeId: "PP-D-3001",
        outcome: "RESOLVED_SELLER_FAVOUR",
      });
    }
    assert.deepEqual(await credits(api, s.user.id), { credits: "30.00", held: "0.00" });
    assert.deepEqual(await ledger(api, s.user.id), [
      ["topup", "50.00", "paid"],
      ["purchase", "-20.00", "paid"],
      ["reversal", "-30.00", "reversed"],
      ["reversal", "30.00", "paid"],
    ]);
    await assertLedgerConsistent(api, s.user.id);
    const audit = await api.sql`
      select 1 from audit_log where action = 'credits.reversal_restored' and entity_id = ${s.user.id}`;
    assert.equal(audit.length, 1);
  } finally {
    await api.close();
  }
});

test("a credited capture PayPal holds PENDING for a buyer complaint holds the credits until PayPal completes it again", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await toppedUp(api, s, "20.00");
    const held = await sim(api).holdCapture(order.id, "BUYER_COMPLAINT", webhookUrl(api));
    assert.equal(held?.status, 200);
    assert.equal(await status(held!), "processed");
    assert.deepEqual(await credits(api, s.user.id), { credits: "20.00", held: "20.00" });
    const admin = await staff(api);
    assert.deepEqual(
      (await attention(api, admin)).map((i) => [i.kind, i.status]),
      [["dispute", "open"]],
    );
    const [c] = await api.sql<{ capture_id: string }[]>`
      select capture_id from paypal_orders where id = ${order.id}`;
    sim(api).order(order.id)!.captures[0]!.status = "COMPLETED";
    const done = await sim(api).sendCaptureWebhook(webhookUrl(api), order.id);
    await done.body?.cancel();
    assert.deepEqual(await credits(api, s.user.id), { credits: "20.00", held: "0.00" });
    assert.equal((await attention(api, admin))[0]?.status, "closed");
    assert.ok(c?.capture_id);
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ payments needing attention

test("a capture that does not match its top-up is closed on the Payments page: refunded at PayPal once, with one request id", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const admin = await staff(api);
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    sim(api).overrideNextCapture({ amount: { currency_code: "EUR", value: "2.50" } });
    assert.equal((await capture(api, s, order.id)).status, 402);

    const [row] =
      await api.sql`select status, next_check_at from paypal_orders where id = ${order.id}`;
    assert.equal(row!.status, "mismatch");
    assert.equal(row!.next_check_at, null, "never read back for ever");
    await api.sql`update paypal_orders set next_check_at = now() - interval '1 second' where id = ${order.id}`;
    const run = await reconcilePayPal(api.deps);
    assert.equal(run.checked, 0);

    const [item] = await attention(api, admin);
    assert.equal(item?.kind, "mismatch");
    assert.equal(item?.amount, "2.50");
    assert.equal(
      item?.email,
      `${(await api.sql`select email from profiles where id = ${s.user.id}`)[0]!.email}`,
    );

    // The first answer is lost after PayPal refunded: the retry replays it, never a second refund.
    sim(api).failRefunds(1, { after: true });
    const refunded = await api.fetch(`/api/admin/payments/${item!.id}/refund`, {
      method: "POST",
      token: admin.access_token,
    });
    assert.equal(refunded.status, 200, await refunded.clone().text());
    assert.equal(sim(api).refundCalls, 2);
    assert.equal(sim(api).order(order.id)!.refunds?.length, 1);
    assert.equal(sim(api).order(order.id)!.captures[0]!.status, "REFUNDED");
    const after = (await json<AttentionList>(refunded)).items[0]!;
    assert.equal(after.status, "closed");
    assert.equal(after.resolution, "refunded_at_paypal");
    assert.deepEqual(
      after.trail.map((t) => t.action),
      ["billing.paypal.attention_opened", "billing.paypal.attention_closed"],
    );
    const [closed] = await api.sql`select status from paypal_orders where id = ${order.id}`;
    assert.equal(closed!.status, "returned");
    const again = await api.fetch(`/api/admin/payments/${item!.id}/refund`, {
      method: "POST",
      token: admin.access_token,
    });
    assert.equal(again.status, 409);
    assert.equal(sim(api).refundCalls, 2);
    assert.deepEqual(await ledger(api, s.user.id), []);
  } finally {
    await api.close();
  }
});

test("a mismatched capture credited by hand is credited once and becomes a normal top-up", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const admin = await staff(api);
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    sim(api).overrideNextCapture({ amount: { currency_code: "USD", value: "25.00" } });
    assert.equal((await capture(api, s, order.id)).status, 402);
    const [item] = await attention(api, admin);
    const credit = (amount: string) =>
      api.fetch(`/api/admin/payments/${item!.id}/credit`, {
        method: "POST",
        token: admin.access_token,
        json: { amount },
      });
    assert.equal((await credit("23.00")).status, 200);
    assert.equal((await credit("23.00")).status, 409);
    assert.deepEqual(await ledger(api, s.user.id), [["topup", "23.00", "paid"]]);
    await assertLedgerConsistent(api, s.user.id);
    const [row] = await api.sql`select status from paypal_orders where id = ${order.id}`;
    assert.equal(row!.status, "completed");
  } finally {
    await api.close();
  }
});

test("failed refunds, refunds in another currency and shortfalls end on the Payments page once each, audited, and staff close them", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const admin = await staff(api);
    const order = await toppedUp(api, s, "30.00");
    const [o] = await api.sql<{ capture_id: string }[]>`
      select capture_id from paypal_orders where id = ${order.id}`;

    for (let i = 0; i < 2; i++) {
      const failed = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
        eventType: "PAYMENT.REFUND.FAILED",
        refundId: "REFUND-FAILED-1",
        amount: "5.00",
      });
      await failed.body?.cancel();
    }
    // A refund PayPal made in another currency: nothing can be debited from EUR credits.
    await api.sql`
      insert into paypal_refunds (id, capture_id, kind, status, amount, currency)
      values ('REFUND-USD-1', ${o!.capture_id}, 'refund', 'COMPLETED', 5.00, 'USD')`;
    await reconcilePayPal(api.deps);
    await reconcilePayPal(api.deps);
    await spend(api, s.user.id, "28.00");
    const chargeback = await sim(api).sendRefundWebhook(webhookUrl(api), order.id, {
      eventType: "PAYMENT.CAPTURE.REVERSED",
      refundId: "REVERSAL-SHORT-1",
      amount: "10.00",
    });
    await chargeback.body?.cancel();

    const customer = await api.fetch("/api/admin/payments", { token: s.access_token });
    assert.equal(customer.status, 403, "staff only");
    const items = await attention(api, admin);
    assert.deepEqual(items.map((i) => i.kind).sort(), [
      "refund_currency",
      "refund_failed",
      "shortfall",
    ]);
    const short = items.find((i) => i.kind === "shortfall")!;
    assert.equal(short.amount, "8.00");
    const [foreign] = await api.sql`
      select applied_at is not null as applied from paypal_refunds where id = 'REFUND-USD-1'`;
    assert.equal(foreign!.applied, true, "not tried again every minute");
    const opened = await api.sql`
      select 1 from audit_log where action = 'billing.paypal.attention_opened'`;
    assert.equal(opened.length, 3);

    const close = (id: string, note: string) =>
      api.fetch(`/api/admin/payments/${id}/close`, {
        method: "POST",
        token: admin.access_token,
        json: { note },
      });
    assert.equal((await close(short.id, "Written off: 8 EUR")).status, 200);
    assert.equal((await close(short.id, "again")).status, 409);
    const closed = (await attention(api, admin)).find((i) => i.id === short.id)!;
    assert.equal(closed.status, "closed");
    assert.equal(
      closed.trail.at(-1)?.actor,
      (await api.sql`select email from profiles where id = ${admin.user.id}`)[0]!.email,
    );
    assert.equal(closed.trail.at(-1)?.after?.note, "Written off: 8 EUR");
  } finally {
    await api.close();
  }
});

// ------------------------------------------------------------------ denied after pending

test("a pending top-up PayPal then denies mails the customer once and shows on their transactions page", async () => {
  const api = await startTestApi();
  try {
    const s = await signUpAndIn(api);
    const order = await createOrder(api, s, "25.00");
    sim(api).approve(order.id);
    sim(api).overrideNextCapture({ status: "PENDING" });
    assert.equal((await capture(api, s, order.id)).status, 202);
    sim(api).deliverWebhooksTo(webhookUrl(api), { twice: true });
    await sim(api).denyPendingCapture(order.id);

    const [row] = await api.sql`select status from paypal_orders where id = ${order.id}`;
    assert.equal(row!.status, "failed");
    const mails = await api.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from mail_outbox where user_id = ${s.user.id} and kind = 'payment_denied'`;
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject, /25\.00 EUR was not completed/);
    const shown = await notices(api, s);
    assert.deepEqual(
      shown.not_credited.map((n) => [n.order_id, n.amount]),
      [[order.id, "25.00"]],
    );
    assert.deepEqual(await ledger(api, s.user.id), []);
  } finally {
    await api.close();
  }
});
