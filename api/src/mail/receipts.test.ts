import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import type { CreateOrderResponse } from "../../contracts/billing.ts";
import type { OrderResult } from "../../contracts/shop.ts";
import {
  json,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { recipientOf, startTestSmtp } from "./testing.ts";

// A receipt for each top-up, purchase and renewal, delivered to a real SMTP server in
// this process; never a second one for a replayed request, a repeated capture or a webhook.
const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({ SMTP_URL: smtp.url });
globalThis.addEventListener("unload", () => {
  void api.close().then(() => smtp.stop());
});

type Customer = Awaited<ReturnType<typeof signUpAndIn>>;

async function receiptsOf(userId: string) {
  const rows = await api.sql<{ subject: string; text_body: string; html_body: string }[]>`
    select subject, text_body, html_body from mail_outbox
    where user_id = ${userId} and kind = 'receipt' order by created_at, id`;
  return [...rows];
}

const mailTo = (me: Customer, subject: string) => (m: ParsedMail) =>
  recipientOf(m) === me.user.email.toLowerCase() && m.subject === subject;

async function product(price: string) {
  const name = `Receipt VPS ${crypto.randomUUID().slice(0, 6)}`;
  const [row] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values (${name}, ${price}::numeric, '2', '4', '80', '1 Gbit', 'yes', 'vps') returning id`;
  return { id: row!.id, name };
}

const buy = (me: Customer, productId: string, key: string) =>
  api.fetch("/api/shop/orders", {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": key },
    json: { product_id: productId },
  });

const renewOrder = (me: Customer, orderId: string, key: string) =>
  api.fetch(`/api/shop/orders/${orderId}/renew`, {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": key },
  });

test("receipts: a top-up captured twice and announced by a webhook twice sends one receipt", async () => {
  const me = await signUpAndIn(api);
  const sim = api.paypalSim!.controls;
  const created = await api.fetch("/api/billing/orders", {
    method: "POST",
    token: me.access_token,
    json: { amount: "25.00" },
  });
  assert.equal(created.status, 201);
  const order = await json<CreateOrderResponse>(created);
  sim.approve(order.id);
  sim.deliverWebhooksTo(`${api.url}/api/billing/paypal/webhook`, { twice: true });
  const capture = () =>
    api.fetch(`/api/billing/orders/${order.id}/capture`, {
      method: "POST",
      token: me.access_token,
    });
  const results = await Promise.all([capture(), capture(), capture()]);
  for (const r of results) assert.equal(r.status, 200);
  const { capture_id } = await json<{ capture_id: string }>(results[0]!);
  for (let i = 0; i < 50; i++) {
    const [{ n }] = await api.sql<
      { n: number }[]
    >`select count(*)::int as n from paypal_webhook_events`;
    if (n > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 300));

  const mail = await smtp.waitFor(mailTo(me, "Receipt: 25.00 EUR added to your balance"));
  const text = mail.text ?? "";
  assert.match(text, /Amount: 25\.00 EUR/);
  assert.match(text, /Balance after: 25\.00 EUR/);
  assert.match(text, /Date: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  assert.match(text, new RegExp(`Reference: ${capture_id}`));
  assert.match(mail.html as string, /Balance after: 25\.00 EUR/);
  assert.equal((await receiptsOf(me.user.id)).length, 1);
});

test("receipts: purchase and renewal each send one; a replayed Idempotency-Key sends none", async () => {
  const me = await signUpAndIn(api);
  await setCredits(api.sql, me.user.id, 50);
  const p = await product("12.50");
  const key = crypto.randomUUID();
  const first = await buy(me, p.id, key);
  assert.equal(first.status, 201);
  const { order } = await json<OrderResult>(first);
  const replays = await Promise.all([buy(me, p.id, key), buy(me, p.id, key)]);
  for (const r of replays) assert.equal(r.status, 200);

  const purchase = await smtp.waitFor(mailTo(me, `Receipt: ${p.name} ordered`));
  assert.match(purchase.text ?? "", /Amount: 12\.50 EUR/);
  assert.match(purchase.text ?? "", /Balance after: 37\.50 EUR/);
  assert.match(purchase.text ?? "", new RegExp(`Reference: ORDER-${p.id.slice(0, 8)}`));

  const renewKey = crypto.randomUUID();
  assert.equal((await renewOrder(me, order.id, renewKey)).status, 201);
  assert.equal((await renewOrder(me, order.id, renewKey)).status, 200);
  const renewal = await smtp.waitFor(mailTo(me, `Receipt: ${p.name} renewed`));
  assert.match(renewal.text ?? "", /Balance after: 25\.00 EUR/);
  assert.match(renewal.text ?? "", new RegExp(`Reference: RENEW-${order.id.slice(0, 8)}`));
  assert.match(renewal.text ?? "", /was renewed\. The price was taken/);

  assert.deepEqual(
    (await receiptsOf(me.user.id)).map((r) => r.subject),
    [`Receipt: ${p.name} ordered`, `Receipt: ${p.name} renewed`],
  );
});

test("receipts: none for a customer who turned receipts off, and none for a refused purchase", async () => {
  const me = await signUpAndIn(api);
  const p = await product("10.00");
  const refused = await buy(me, p.id, crypto.randomUUID());
  assert.equal(refused.status, 402);
  assert.deepEqual(await receiptsOf(me.user.id), []);

  const off = await api.fetch("/api/account/notifications", {
    method: "PUT",
    token: me.access_token,
    json: { reminders: true, receipts: false },
  });
  assert.equal(off.status, 200);
  await setCredits(api.sql, me.user.id, 30);
  const bought = await buy(me, p.id, crypto.randomUUID());
  assert.equal(bought.status, 201);
  const { order } = await json<OrderResult>(bought);
  assert.equal((await renewOrder(me, order.id, crypto.randomUUID())).status, 201);
  assert.deepEqual(await receiptsOf(me.user.id), []);
});
