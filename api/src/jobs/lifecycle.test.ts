import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import type { AutoRenewList } from "../../contracts/auto-renew.ts";
import { recipientOf, startTestSmtp } from "../mail/testing.ts";
import {
  errorOf,
  json,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import {
  autoRenewOrders,
  type LifecycleSettings,
  lifecycleSettings,
  runLifecycle,
} from "./lifecycle.ts";

// The order lifecycle against a real Postgres and a real SMTP server in this process.
// Time is moved by rewriting expire_date, never by waiting.
const ADMIN = "staff@example.com";
const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({ SMTP_URL: smtp.url, ADMIN_NOTIFY_EMAIL: ADMIN });
globalThis.addEventListener("unload", () => {
  void api.close().then(() => smtp.stop());
});

const settings: LifecycleSettings = lifecycleSettings(api.deps.config);
const withGrace = (graceDays: number): LifecycleSettings => ({ ...settings, graceDays });

type Customer = Awaited<ReturnType<typeof signUpAndIn>>;

async function customer(credits = "0.00"): Promise<Customer> {
  const me = await signUpAndIn(api);
  await setCredits(api.sql, me.user.id, credits);
  return me;
}

async function product(price = "10.00", type: "vps" | "dedicated" = "vps") {
  const name = `Plan ${crypto.randomUUID().slice(0, 6)}`;
  const [row] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values (${name}, ${price}::numeric, '2', '4', '80', '1 Gbit', 'yes', ${type}) returning id`;
  return { id: row!.id, name };
}

/** One server, one live VPS: each order's VPS gets a provider id of its own. */
let nextReseller = 4242;

/** An order (with one linked service) expiring `interval` from now, e.g. '6 days 23 hours'. */
async function orderOf(me: Customer, expiresIn: string, price = "10.00") {
  const p = await product(price);
  const [order] = await api.sql<{ id: string }[]>`
    insert into orders (user_id, product_id, expire_date)
    values (${me.user.id}, ${p.id}, now() + ${expiresIn}::interval) returning id`;
  const [service] = await api.sql<{ id: string }[]>`
    insert into services (user_id, service_type, ipv4, ram, cpu, storage, reseller_id, order_id)
    values (${me.user.id}, 'vps', '10.0.0.7', '4', '2', '80', ${nextReseller++}, ${order!.id}) returning id`;
  return { id: order!.id, serviceId: service!.id, product: p };
}

const moveExpiry = (orderId: string, expiresIn: string) =>
  api.sql`update orders set expire_date = now() + ${expiresIn}::interval where id = ${orderId}`;

async function outbox(where: { userId?: string; to?: string; kind?: string }) {
  const rows = await api.sql<{ kind: string; subject: string; dedupe_key: string }[]>`
    select kind, subject, dedupe_key from mail_outbox
    where true
      ${where.userId ? api.sql`and user_id = ${where.userId}` : api.sql``}
      ${where.to ? api.sql`and to_address = ${where.to}` : api.sql``}
      ${where.kind ? api.sql`and kind = ${where.kind}` : api.sql``}
    order by created_at, id`;
  return [...rows];
}

const to = (me: Customer) => me.user.email.toLowerCase();
const arrived = (me: Customer, subject: string) => (m: ParsedMail) =>
  recipientOf(m) === to(me) && (m.subject ?? "").includes(subject);

async function state(orderId: string) {
  const [row] = await api.sql<{ status: string; service_status: string; expire_date: Date }[]>`
    select o.status, o.expire_date, s.service_status
    from orders o left join services s on s.order_id = o.id where o.id = ${orderId}`;
  return row!;
}

test("lifecycle: reminders go 7, 3 and 1 days before expiry, each once across repeated runs", async () => {
  const me = await customer("50.00");
  const order = await orderOf(me, "8 days");
  await runLifecycle(api.sql, settings);
  assert.deepEqual(await outbox({ userId: me.user.id, kind: "reminder" }), []);

  const steps: [string, number][] = [
    ["6 days 23 hours", 7],
    ["6 days", 7],
    ["2 days 23 hours", 3],
    ["2 days", 3],
    ["23 hours", 1],
    ["1 hour", 1],
  ];
  const seen: string[] = [];
  for (const [left, day] of steps) {
    await moveExpiry(order.id, left);
    // Two runners (instances) at once and a third later send one reminder between them.
    await Promise.all([runLifecycle(api.sql, settings), runLifecycle(api.sql, settings)]);
    await runLifecycle(api.sql, settings);
    const subject = `${order.product.name} expires in ${day} day${day === 1 ? "" : "s"}`;
    if (!seen.includes(subject)) seen.push(subject);
    assert.deepEqual(
      (await outbox({ userId: me.user.id, kind: "reminder" })).map((m) => m.subject),
      seen,
      `after moving the expiry to ${left} from now`,
    );
  }
  const mail = await smtp.waitFor(arrived(me, `${order.product.name} expires in 1 day`));
  assert.match(mail.text ?? "", /Renew it on the Orders page for 10\.00 EUR/);
  assert.ok(mail.html, "an HTML part too");
  await smtp.waitFor(arrived(me, `${order.product.name} expires in 7 days`));
  await smtp.waitFor(arrived(me, `${order.product.name} expires in 3 days`));
  assert.equal(smtp.messages.filter(arrived(me, "expires in")).length, 3);
});

test("lifecycle: a customer who turned reminders off gets none; the notice is still recorded once", async () => {
  const me = await customer();
  const res = await api.fetch("/api/account/notifications", {
    method: "PUT",
    token: me.access_token,
    json: { reminders: false, receipts: true },
  });
  assert.equal(res.status, 200);
  const order = await orderOf(me, "2 days");
  await runLifecycle(api.sql, settings);
  await runLifecycle(api.sql, settings);
  assert.deepEqual(await outbox({ userId: me.user.id, kind: "reminder" }), []);
  const notices = await api.sql`select notice from order_notices where order_id = ${order.id}`;
  assert.deepEqual(
    notices.map((n) => n.notice),
    ["reminder:3"],
  );
});

test("lifecycle: GRACE_DAYS keeps services running past expiry, then suspends them with notices to customer and staff", async () => {
  const me = await customer();
  const order = await orderOf(me, "-1 day");
  const grace = withGrace(2);
  await runLifecycle(api.sql, grace);
  await runLifecycle(api.sql, grace);
  let now = await state(order.id);
  assert.equal(now.status, "active", "in its grace period the order is not expired yet");
  assert.equal(now.service_status, "active");
  const graceMails = await outbox({ userId: me.user.id, kind: "grace" });
  assert.equal(graceMails.length, 1);
  // What it says is read from the delivered mail: the outbox drops a body once it is sent.
  const delivered = await smtp.waitFor(
    (m) => recipientOf(m) === me.user.email && m.subject === graceMails[0]!.subject,
  );
  assert.match(delivered.text ?? "", /keep running until/);
  assert.deepEqual(await outbox({ userId: me.user.id, kind: "suspended" }), []);

  await moveExpiry(order.id, "-2 days -1 second");
  await runLifecycle(api.sql, grace);
  await runLifecycle(api.sql, grace);
  now = await state(order.id);
  assert.equal(now.status, "expired");
  assert.equal(now.service_status, "suspended");
  const notice = await smtp.waitFor(
    arrived(me, `Services suspended: ${order.product.name} expired`),
  );
  assert.match(
    notice.text ?? "",
    new RegExp(`VPS-${order.serviceId.slice(0, 8)} \\(10\\.0\\.0\\.7\\)`),
  );
  const staff = await smtp.waitFor(
    (m) => recipientOf(m) === ADMIN && (m.subject ?? "").includes(order.id.slice(0, 8)),
  );
  assert.match(staff.text ?? "", /reseller id \d+/);
  assert.match(staff.text ?? "", /\/admin\/orders/);
  assert.equal((await outbox({ userId: me.user.id, kind: "suspended" })).length, 1);
  assert.equal(
    (await outbox({ to: ADMIN, kind: "staff_suspended" })).filter((m) =>
      m.dedupe_key.includes(order.id),
    ).length,
    1,
  );
});

test("lifecycle: without a grace period the order expires at expire_date as before, and renewal sends the reactivation notice", async () => {
  const me = await customer("25.00");
  const order = await orderOf(me, "-1 second");
  await runLifecycle(api.sql, settings);
  assert.equal((await state(order.id)).service_status, "suspended");
  assert.deepEqual(await outbox({ userId: me.user.id, kind: "grace" }), []);

  const res = await api.fetch(`/api/shop/orders/${order.id}/renew`, {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  assert.equal(res.status, 201);
  assert.equal((await state(order.id)).service_status, "active");
  const mail = await smtp.waitFor(arrived(me, `Services reactivated: ${order.product.name}`));
  assert.match(mail.text ?? "", /active again: VPS-/);
  assert.equal((await outbox({ userId: me.user.id, kind: "reactivated" })).length, 1);
});

test("lifecycle: staff hear once of a new dedicated order waiting for set-up, not of one that has its server", async () => {
  const me = await customer("30.00");
  const p = await product("10.00", "dedicated");
  const buy = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    json: { product_id: p.id },
  });
  assert.equal(buy.status, 201);
  const bought = await json<{ order: { id: string } }>(buy);
  const served = await orderOf(me, "30 days");
  await Promise.all([runLifecycle(api.sql, settings), runLifecycle(api.sql, settings)]);
  await runLifecycle(api.sql, settings);
  const mails = await outbox({ to: ADMIN, kind: "staff_new_order" });
  assert.equal(mails.filter((m) => m.dedupe_key.includes(bought.order.id)).length, 1);
  assert.equal(mails.filter((m) => m.dedupe_key.includes(served.id)).length, 0);
  const mail = await smtp.waitFor(
    (m) => recipientOf(m) === ADMIN && (m.text ?? "").includes(bought.order.id),
  );
  assert.equal(mail.subject, `New order waiting for a server: ${p.name}`);
  assert.match(mail.text ?? "", new RegExp(me.user.email.replace(/[.+]/g, "\\$&")));
});

test("auto-renew: the switch is the owner's, validated and audited", async () => {
  const me = await customer();
  const other = await customer();
  const order = await orderOf(me, "20 days");
  const put = (who: Customer, id: string, body: unknown) =>
    api.fetch(`/api/shop/orders/${id}/auto-renew`, {
      method: "PUT",
      token: who.access_token,
      json: body,
    });

  assert.equal((await put(other, order.id, { enabled: true })).status, 404);
  assert.equal((await put(me, crypto.randomUUID(), { enabled: true })).status, 404);
  const bad = await put(me, order.id, { enabled: "yes" });
  assert.equal(bad.status, 422);
  assert.equal((await errorOf(bad)).message, "enabled must be true or false");
  assert.equal((await put(me, "not-a-uuid", { enabled: true })).status, 422);
  const unauthenticated = await api.fetch(`/api/shop/orders/${order.id}/auto-renew`, {
    method: "PUT",
    json: { enabled: true },
  });
  assert.equal(unauthenticated.status, 401);

  const on = await put(me, order.id, { enabled: true });
  assert.equal(on.status, 200);
  assert.deepEqual(await json(on), { order_id: order.id, auto_renew: true });
  const list = await json<AutoRenewList>(
    await api.fetch("/api/shop/orders/auto-renew", { token: me.access_token }),
  );
  assert.deepEqual(list.order_ids, [order.id]);
  const theirs = await json<AutoRenewList>(
    await api.fetch("/api/shop/orders/auto-renew", { token: other.access_token }),
  );
  assert.deepEqual(theirs.order_ids, []);
  const audit = await api.sql`
    select actor_id, before, after from audit_log where action = 'order.auto_renew' and entity_id = ${order.id}`;
  assert.equal(audit.length, 1);
  assert.equal(audit[0]!.actor_id, me.user.id);
  assert.deepEqual(audit[0]!.after, { auto_renew: true });

  await api.sql`update orders set status = 'suspended' where id = ${order.id}`;
  assert.equal((await put(me, order.id, { enabled: true })).status, 409);
  assert.equal((await put(me, order.id, { enabled: false })).status, 200);
});

async function renewals(userId: string) {
  return await api.sql<{ amount: string; paypal_transaction_id: string }[]>`
    select amount, paypal_transaction_id from transactions where user_id = ${userId} and kind = 'renewal'`;
}

async function credits(userId: string) {
  const [row] = await api.sql<
    { credits: string }[]
  >`select credits from profiles where id = ${userId}`;
  return row!.credits;
}

test("auto-renew: 19 job runners and a manual renewal at once renew exactly once, with one receipt", async () => {
  for (const round of [1, 2, 3]) {
    const me = await customer("100.00");
    const order = await orderOf(me, "2 hours");
    await api.sql`update orders set auto_renew = true where id = ${order.id}`;
    const before = (await state(order.id)).expire_date;
    const manual = () =>
      api.fetch(`/api/shop/orders/${order.id}/renew`, {
        method: "POST",
        token: me.access_token,
        headers: { "Idempotency-Key": `manual-${round}-${order.id}` },
      });
    const attempts: Promise<unknown>[] = Array.from({ length: 19 }, () =>
      autoRenewOrders(api.sql, settings),
    );
    attempts.splice(
      round * 5,
      0,
      manual().then((r) => r.status),
    );
    const results = await Promise.all(attempts);
    const status = results[round * 5] as number;
    assert.ok(status === 200 || status === 201, `manual renewal answered ${status}`);

    assert.equal((await renewals(me.user.id)).length, 1, `round ${round}: one ledger row`);
    assert.equal(await credits(me.user.id), "90.00");
    const after = (await state(order.id)).expire_date;
    assert.equal(after.getTime() - before.getTime(), 30 * 86_400_000);
    // Later runs do nothing: the order is out of the auto-renew window.
    await runLifecycle(api.sql, settings);
    assert.equal((await renewals(me.user.id)).length, 1);
    assert.equal(
      (await outbox({ userId: me.user.id, kind: "receipt" })).filter((m) =>
        m.subject.includes("renewed"),
      ).length,
      1,
    );
  }
});

test("auto-renew: a manual renewal first leaves nothing for the job; the job renews an untouched order once", async () => {
  const me = await customer("100.00");
  const order = await orderOf(me, "10 hours");
  await api.sql`update orders set auto_renew = true where id = ${order.id}`;
  const res = await api.fetch(`/api/shop/orders/${order.id}/renew`, {
    method: "POST",
    token: me.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  assert.equal(res.status, 201);
  await autoRenewOrders(api.sql, settings);
  assert.equal((await renewals(me.user.id)).length, 1);

  const second = await orderOf(me, "70 hours");
  await api.sql`update orders set auto_renew = true where id = ${second.id}`;
  const result = await autoRenewOrders(api.sql, settings);
  assert.equal(result.renewed, 1);
  await autoRenewOrders(api.sql, settings);
  const rows = await renewals(me.user.id);
  assert.deepEqual(
    rows.map((r) => r.paypal_transaction_id).sort(),
    [`RENEW-${order.id.slice(0, 8)}`, `RENEW-${second.id.slice(0, 8)}`].sort(),
  );
  const receipt = await smtp.waitFor(
    (m) => arrived(me, "renewed")(m) && (m.text ?? "").includes(`RENEW-${second.id.slice(0, 8)}`),
  );
  assert.match(receipt.text ?? "", /renewed automatically/);
  assert.match(receipt.text ?? "", /Balance after: 80\.00 EUR/);
});

test("auto-renew: without enough credits the customer is told once, and a top-up then renews", async () => {
  const me = await customer("4.00");
  const order = await orderOf(me, "48 hours");
  await api.sql`update orders set auto_renew = true where id = ${order.id}`;
  await Promise.all([autoRenewOrders(api.sql, settings), autoRenewOrders(api.sql, settings)]);
  await runLifecycle(api.sql, settings);
  assert.equal((await outbox({ userId: me.user.id, kind: "topup_needed" })).length, 1);
  const mail = await smtp.waitFor(arrived(me, `Top up to renew ${order.product.name}`));
  assert.match(mail.text ?? "", /costs 10\.00 EUR and your credit balance is 4\.00 EUR/);
  assert.equal((await renewals(me.user.id)).length, 0);

  await setCredits(api.sql, me.user.id, 20);
  await runLifecycle(api.sql, settings);
  assert.equal((await renewals(me.user.id)).length, 1);
  assert.equal(await credits(me.user.id), "10.00");
  assert.equal((await outbox({ userId: me.user.id, kind: "topup_needed" })).length, 1);
});

test("notification settings: read, saved, validated, and only the caller's", async () => {
  const me = await customer();
  const get = async () =>
    await json(await api.fetch("/api/account/notifications", { token: me.access_token }));
  assert.deepEqual(await get(), { reminders: true, receipts: true });
  const bad = await api.fetch("/api/account/notifications", {
    method: "PUT",
    token: me.access_token,
    json: { reminders: "no", receipts: true },
  });
  assert.equal(bad.status, 422);
  assert.equal((await errorOf(bad)).message, "reminders must be true or false");
  assert.deepEqual(await get(), { reminders: true, receipts: true });
  const ok = await api.fetch("/api/account/notifications", {
    method: "PUT",
    token: me.access_token,
    json: { reminders: true, receipts: false },
  });
  assert.equal(ok.status, 200);
  assert.deepEqual(await get(), { reminders: true, receipts: false });
  assert.equal((await api.fetch("/api/account/notifications")).status, 401);
});
