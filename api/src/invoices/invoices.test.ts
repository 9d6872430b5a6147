import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";
import type { TransactionsResponse } from "../../contracts/billing.ts";
import type { AdminInvoicesResponse, BillingDetails } from "../../contracts/invoices.ts";
import type { OrderResult } from "../../contracts/shop.ts";
import { autoRenewOrders } from "../jobs/lifecycle.ts";
import {
  buyProduct,
  customerWithCredits,
  errorOf,
  insertProduct,
  json,
  makeAdmin,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { REVERSE_CHARGE_TEXT } from "./vat.ts";

const api: TestApi = await startTestApi();
globalThis.addEventListener("unload", () => void api.close());

let keys = 0;
const newKey = () => `invoice-key-${Date.now()}-${keys++}`;

const product = (price: string, name = `Invoice VPS ${price}`) =>
  insertProduct(api.sql, price, { name });
const customer = (credits = "1000.00") => customerWithCredits(api, credits);
const buy = (token: string, productId: string, key = newKey()) =>
  buyProduct(api, token, productId, key);

const saveDetails = (token: string, body: Record<string, unknown>) =>
  api.fetch("/api/account/billing-details", { method: "PUT", token, json: body });

type InvoiceDb = {
  id: string;
  number: string;
  kind: string;
  order_id: string | null;
  net: string;
  vat_rate: string;
  vat: string;
  gross: string;
  reverse_charge: boolean;
  refers_to: string | null;
};

const invoicesOf = async (userId: string) => [
  ...(await api.sql<InvoiceDb[]>`
    select id, number, kind, order_id, net, vat_rate, vat, gross, reverse_charge, refers_to
    from invoices where user_id = ${userId} order by number`),
];

const pdfText = async (bytes: Uint8Array) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return text;
};

test("invoices: 200 concurrent purchases are numbered 1..N of the year without gaps", async () => {
  const price = await product("1.00");
  const buyers = await Promise.all(Array.from({ length: 20 }, () => customer("100.00")));
  const [before] = await api.sql<[{ last: number | null }]>`
    select (select last from invoice_counters where series = 'invoice'
      and year = extract(year from now() at time zone 'UTC')::int) as last`;
  const start = before.last ?? 0;
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) => buy(buyers[i % 20]!.token, price)),
  );
  assert.deepEqual(
    results.map((r) => r.status),
    Array(200).fill(201),
  );
  const year = new Date().getUTCFullYear();
  const numbers = await api.sql<{ number: string }[]>`
    select number from invoices where kind = 'invoice' and user_id = any(${buyers.map((b) => b.id)})
    order by number`;
  const expected = Array.from(
    { length: 200 },
    (_, i) => `${year}-${String(start + i + 1).padStart(6, "0")}`,
  );
  assert.deepEqual(
    numbers.map((n) => n.number),
    expected,
  );
});

test("invoices: a purchase rolled back after its invoice gives the number back", async () => {
  const me = await customer("100.00");
  const price = await product("5.00");
  assert.equal((await buy(me.token, price)).status, 201);
  // The purchase's audit row comes after the invoice in the transaction: make it fail once.
  await api.sql.unsafe(`
    create function fail_audit() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$;
    create trigger fail_audit before insert on audit_log for each row
      when (new.actor_id = '${me.id}' and new.action = 'order.purchase')
      execute function fail_audit()`);
  try {
    assert.equal((await buy(me.token, price)).status, 500);
  } finally {
    await api.sql.unsafe("drop trigger fail_audit on audit_log; drop function fail_audit()");
  }
  assert.equal((await buy(me.token, price)).status, 201);
  const numbers = (await invoicesOf(me.id)).map((d) => Number(d.number.split("-")[1]));
  assert.equal(numbers.length, 2);
  assert.equal(numbers[1], numbers[0]! + 1);
  const [profile] = await api.sql<
    [{ credits: string }]
  >`select credits from profiles where id = ${me.id}`;
  assert.equal(profile.credits, "90.00");
});

test("invoices: one per purchase and renewal, none for a replayed key or a refused purchase", async () => {
  const me = await customer("30.00");
  const price = await product("10.00");
  const key = newKey();
  const first = await buy(me.token, price, key);
  assert.equal(first.status, 201);
  const replay = await buy(me.token, price, key);
  assert.equal(replay.status, 200);
  const { order } = await json<OrderResult>(first);
  assert.equal((await invoicesOf(me.id)).length, 1);

  const renewal = await api.fetch(`/api/shop/orders/${order.id}/renew`, {
    method: "POST",
    token: me.token,
    headers: { "Idempotency-Key": newKey() },
  });
  assert.equal(renewal.status, 201);
  const docs = await invoicesOf(me.id);
  assert.deepEqual(
    docs.map((d) => [d.kind, d.order_id, d.gross]),
    [
      ["invoice", order.id, "10.00"],
      ["invoice", order.id, "10.00"],
    ],
  );
  // 10 left, 10 more: then 402, and a refused purchase takes no number.
  assert.equal((await buy(me.token, price)).status, 201);
  assert.equal((await buy(me.token, price)).status, 402);
  assert.equal((await invoicesOf(me.id)).length, 3);

  // The transactions list links each debit to its invoice.
  const list = await json<TransactionsResponse>(
    await api.fetch("/api/billing/transactions", { token: me.token }),
  );
  const numbers = (await invoicesOf(me.id)).map((d) => d.number).sort();
  assert.deepEqual(list.transactions.map((t) => t.document?.number).sort(), numbers);
  assert.ok(list.transactions.every((t) => t.document?.kind === "invoice"));
});

test("invoices: an auto-renewal by the job gets its invoice like a manual one", async () => {
  const me = await customer("20.00");
  const price = await product("8.00", "Invoice VPS Auto");
  const { order } = await json<OrderResult>(await buy(me.token, price));
  await api.sql`update orders set auto_renew = true, expire_date = now() + interval '1 hour'
    where id = ${order.id}`;
  await autoRenewOrders(api.sql, { autoRenewHoursBefore: 72 });
  const docs = await invoicesOf(me.id);
  assert.deepEqual(
    docs.map((d) => [d.kind, d.order_id, d.gross]),
    [
      ["invoice", order.id, "8.00"],
      ["invoice", order.id, "8.00"],
    ],
  );
  // The job's second pass renews nothing more and issues nothing more.
  await autoRenewOrders(api.sql, { autoRenewHoursBefore: 72 });
  assert.equal((await invoicesOf(me.id)).length, 2);
});

test("invoices: VAT of a consumer in two countries and of a reverse-charge business", async () => {
  const price = await product("119.00");
  const unknown = await customer();
  assert.equal((await buy(unknown.token, price)).status, 201);

  const french = await customer();
  assert.equal(
    (
      await saveDetails(french.token, {
        name: "Zoé Martin",
        address: "1 rue X|Paris",
        country: "fr",
      })
    ).status,
    200,
  );
  assert.equal((await buy(french.token, price)).status, 201);

  const business = await customer();
  const refused = await saveDetails(business.token, {
    name: "Jan de Vries",
    company: "Vries BV",
    address: "Damrak 1, Amsterdam",
    country: "NL",
    vat_id: "DE123456789",
  });
  assert.equal(refused.status, 422);
  assert.equal((await errorOf(refused)).message, "VAT ID does not match the format of the country");
  const saved = await saveDetails(business.token, {
    name: "Jan de Vries",
    company: "Vries BV",
    address: "Damrak 1, Amsterdam",
    country: "NL",
    vat_id: "nl 123456789 B01",
  });
  assert.equal(saved.status, 200);
  assert.equal((await json<BillingDetails>(saved)).vat_id, "NL123456789B01");
  assert.equal((await buy(business.token, price)).status, 201);

  const split = async (id: string) => {
    const [d] = await invoicesOf(id);
    return [d!.net, d!.vat_rate, d!.vat, d!.gross, d!.reverse_charge];
  };
  // No billing details: the seller's country (DE, 19 %).
  assert.deepEqual(await split(unknown.id), ["100.00", "19.00", "19.00", "119.00", false]);
  // France: 20 % of the same gross price.
  assert.deepEqual(await split(french.id), ["99.17", "20.00", "19.83", "119.00", false]);
  // A Dutch business with a VAT ID: reverse charge, 0 %, the price as net.
  assert.deepEqual(await split(business.id), ["119.00", "0.00", "0.00", "119.00", true]);

  const [doc] = await invoicesOf(business.id);
  const pdf = await api.fetch(`/api/invoices/${doc!.id}/pdf`, { token: business.token });
  assert.equal(pdf.status, 200);
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  assert.ok(text.includes(REVERSE_CHARGE_TEXT), text);
  assert.ok(text.includes("NL123456789B01"), text);
});

test("invoices: the PDF holds number, amounts and name, the same bytes twice, 404 for others", async () => {
  const me = await customer();
  await saveDetails(me.token, {
    name: "Ada Lovelace",
    address: "12 St James's Square|London",
    country: "DE",
  });
  const price = await product("23.80", "Invoice VPS Pro");
  assert.equal((await buy(me.token, price)).status, 201);
  const [doc] = await invoicesOf(me.id);
  const download = () => api.fetch(`/api/invoices/${doc!.id}/pdf`, { token: me.token });
  const first = await download();
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await first.arrayBuffer());
  // PDF dates have whole seconds: a second later, a clock-dated PDF would differ.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const again = new Uint8Array(await (await download()).arrayBuffer());
  assert.deepEqual(again, bytes);
  const text = await pdfText(bytes);
  for (const part of [
    doc!.number,
    "Ada Lovelace",
    "Invoice VPS Pro",
    "23.80",
    "20.00",
    "3.80",
    "19.00%",
  ]) {
    assert.ok(text.includes(part), `${part} in ${text}`);
  }

  const other = await customer();
  assert.equal(
    (await api.fetch(`/api/invoices/${doc!.id}/pdf`, { token: other.token })).status,
    404,
  );
  await makeAdmin(api, other.id);
  assert.equal(
    (await api.fetch(`/api/invoices/${doc!.id}/pdf`, { token: other.token })).status,
    200,
  );

  const admin = await json<AdminInvoicesResponse>(
    await api.fetch(
      `/api/admin/invoices?q=${encodeURIComponent(doc!.id ? await emailOf(me.id) : "")}`,
      {
        token: other.token,
      },
    ),
  );
  assert.deepEqual(
    admin.invoices.map((i) => [i.number, i.customer_name, i.gross]),
    [[doc!.number, "Ada Lovelace", "23.80"]],
  );
  const month = new Date().toISOString().slice(0, 7);
  const csv = await api.fetch(`/api/admin/invoices/export.csv?month=${month}`, {
    token: other.token,
  });
  assert.equal(csv.status, 200);
  assert.ok((await csv.text()).includes(`"${doc!.number}","invoice"`));
  assert.equal(
    (await api.fetch("/api/admin/invoices/export.csv?month=2026-13", { token: other.token }))
      .status,
    422,
  );
  const [audit] = await api.sql<[{ count: number }]>`
    select count(*)::int as count from audit_log where entity = 'invoice' and entity_id = ${doc!.id}`;
  assert.equal(audit.count, 1 + 3); // issued, downloaded twice by the owner, once by the admin
});

async function emailOf(userId: string) {
  const [row] = await api.sql<[{ email: string }]>`select email from profiles where id = ${userId}`;
  return row.email;
}

test("invoices: immutable, and kept when the order is removed", async () => {
  const me = await customer("10.00");
  const price = await product("10.00");
  const bought = await json<OrderResult>(await buy(me.token, price));
  const [doc] = await invoicesOf(me.id);
  await assert.rejects(api.sql`update invoices set gross = 1 where id = ${doc!.id}`, /immutable/);
  await assert.rejects(api.sql`delete from invoices where id = ${doc!.id}`, /immutable/);

  const admin = await customer();
  await makeAdmin(api, admin.id);
  const removedOrder = await api.fetch(`/api/admin/orders/${bought.order.id}`, {
    method: "DELETE",
    token: admin.token,
  });
  assert.equal(removedOrder.status, 204, await removedOrder.clone().text());
  assert.deepEqual(await invoicesOf(me.id), [doc]);
  assert.equal((await api.fetch(`/api/invoices/${doc!.id}/pdf`, { token: me.token })).status, 200);
});

test("invoices: a top-up gets a receipt, its refund a credit note; both outlive the user", async () => {
  const me = await signUpAndIn(api);
  const created = await api.fetch("/api/billing/orders", {
    method: "POST",
    token: me.access_token,
    json: { amount: "40.00" },
  });
  assert.equal(created.status, 201);
  const { id } = await json<{ id: string }>(created);
  const sim = api.paypalSim!.controls;
  const webhook = `${api.url}/api/billing/paypal/webhook`;
  sim.approve(id);
  // PayPal captures but the answer is lost: the webhook credits it (the system acts, not the
  // user, whose audit rows would keep the account from being removed), then PayPal refunds it.
  sim.failCaptures(2, { after: true });
  sim.failReads(1);
  const lost = await api.fetch(`/api/billing/orders/${id}/capture`, {
    method: "POST",
    token: me.access_token,
  });
  assert.equal(lost.status, 502);
  assert.equal((await sim.sendCaptureWebhook(webhook, id)).status, 200);
  const refund = await sim.sendCaptureWebhook(webhook, id, {
    eventType: "PAYMENT.CAPTURE.REFUNDED",
  });
  assert.equal(refund.status, 200);
  const docs = await invoicesOf(me.user.id);
  const receipt = docs.find((d) => d.kind === "receipt");
  const note = docs.find((d) => d.kind === "credit_note");
  const year = new Date().getUTCFullYear();
  assert.ok(receipt && note, JSON.stringify(docs));
  assert.ok(receipt.number.startsWith(`R${year}-`));
  assert.deepEqual([receipt.net, receipt.vat, receipt.gross], ["40.00", "0.00", "40.00"]);
  assert.ok(note.number.startsWith(`C${year}-`));
  assert.equal(note.refers_to, receipt.id);
  assert.equal(note.gross, "-40.00");

  // Removing the user (balance 0 after the refund) keeps both documents for the admin.
  const admin = await customer();
  await makeAdmin(api, admin.id);
  const removed = await api.fetch(`/api/admin/users/${me.user.id}`, {
    method: "DELETE",
    token: admin.token,
  });
  assert.equal(removed.status, 204, await removed.clone().text());
  assert.deepEqual(await invoicesOf(me.user.id), docs);
  const pdf = await api.fetch(`/api/invoices/${note.id}/pdf`, { token: admin.token });
  assert.equal(pdf.status, 200);
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  assert.ok(text.includes(receipt.number) && text.includes("-40.00"), text);
});
