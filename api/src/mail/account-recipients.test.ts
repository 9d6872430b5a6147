import assert from "node:assert/strict";
import type { AccountRole } from "../../contracts/members.ts";
import { joinAccount } from "../account/testing.ts";
import { lifecycleSettings, runLifecycle } from "../jobs/lifecycle.ts";
import {
  json,
  makeAdmin,
  setCredits,
  signUpAndIn,
  startTestApi,
  type TestApi,
  test,
} from "../platform/testing.ts";
import { enqueueAccountMail, enqueueMail } from "./outbox.ts";
import { topUpReceipt } from "./templates/receipts.ts";
import { recipientOf, startTestSmtp } from "./testing.ts";

// An account's mails go to the members whose role they concern, each by their own choices and in
// their own language, delivered to a real SMTP server in this process.
const smtp = await startTestSmtp();
const api: TestApi = await startTestApi({
  SMTP_URL: smtp.url,
  PUBLIC_URL: "http://portal.test",
  AUTH_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
});
globalThis.addEventListener("unload", () => {
  void api.close().then(() => smtp.stop());
});

type Who = Awaited<ReturnType<typeof signUpAndIn>>;

const put = async (who: Who, path: string, body: unknown) => {
  const res = await api.fetch(path, { method: "PUT", token: who.access_token, json: body });
  assert.ok(res.status < 300, await res.clone().text());
  await res.body?.cancel();
};

/** `member` joins `owner`'s account with `role` through the mailed invitation. */
const join = async (owner: Who, member: Who, role: AccountRole) => {
  await joinAccount(api, smtp, owner, member, role);
};

test("account mails: a receipt to the owners and billing members (each by their own choice and language), a support reply to the owners and technical members; never to read-only", async () => {
  const owner = await signUpAndIn(api);
  const billingDe = await signUpAndIn(api);
  const billingOff = await signUpAndIn(api);
  const technical = await signUpAndIn(api);
  const readOnly = await signUpAndIn(api);
  await join(owner, billingDe, "billing");
  await join(owner, billingOff, "billing");
  await join(owner, technical, "technical");
  await join(owner, readOnly, "read_only");
  await put(billingDe, "/api/account/locale", { locale: "de" });
  await put(billingOff, "/api/account/notifications", { reminders: true, receipts: false });

  // A purchase in the account: its receipt.
  const [product] = await api.sql<{ id: string }[]>`
    insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
    values ('Recipients VPS', '9.00', '2', '4', '80', '1 Gbit', 'yes', 'vps') returning id`;
  await setCredits(api.sql, owner.user.id, "50.00");
  const bought = await api.fetch("/api/shop/orders", {
    method: "POST",
    token: owner.access_token,
    headers: { "Idempotency-Key": crypto.randomUUID() },
    json: { product_id: product!.id },
  });
  assert.equal(bought.status, 201, await bought.clone().text());
  const {
    order: { id: orderId },
  } = await json<{ order: { id: string } }>(bought);
  const receipts = await api.sql<{ to_address: string; subject: string; user_id: string }[]>`
    select to_address, subject, user_id from mail_outbox
    where kind = 'receipt' and dedupe_key like ${`receipt:purchase:${orderId}%`}
    order by to_address`;
  assert.deepEqual(
    receipts.map((r) => r.user_id).sort(),
    [owner.user.id, billingDe.user.id].sort(),
  );
  const ownersReceipt = await smtp.waitFor(
    (m) => recipientOf(m) === owner.user.email.toLowerCase() && /Recipients VPS/.test(m.text ?? ""),
  );
  const germanReceipt = await smtp.waitFor(
    (m) =>
      recipientOf(m) === billingDe.user.email.toLowerCase() && /Recipients VPS/.test(m.text ?? ""),
  );
  assert.notEqual(germanReceipt.subject, ownersReceipt.subject);
  assert.ok(String(germanReceipt.html).includes('lang="de"'));

  // A support reply about the account's ticket: the owner and the technical member.
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);
  const opened = await api.fetch("/api/support/tickets", {
    method: "POST",
    token: owner.access_token,
    json: { category: "technical", subject: "Disk full", message: "Please look", service_id: null },
  });
  assert.equal(opened.status, 201, await opened.clone().text());
  const { id: ticketId } = await json<{ id: string }>(opened);
  const reply = await api.fetch(`/api/admin/support/tickets/${ticketId}/replies`, {
    method: "POST",
    token: admin.access_token,
    json: { message: "Cleaned it up for you." },
  });
  assert.equal(reply.status, 201, await reply.clone().text());
  await reply.body?.cancel();
  const replies = await api.sql<{ user_id: string }[]>`
    select user_id from mail_outbox where kind = 'support_reply' and user_id = any(${[
      owner.user.id,
      billingDe.user.id,
      billingOff.user.id,
      technical.user.id,
      readOnly.user.id,
    ]}::uuid[])`;
  assert.deepEqual(replies.map((r) => r.user_id).sort(), [owner.user.id, technical.user.id].sort());
  for (const who of [owner, technical])
    await smtp.waitFor(
      (m) => recipientOf(m) === who.user.email.toLowerCase() && /Disk full/.test(m.subject ?? ""),
    );
  // Nobody else got either mail.
  for (const who of [billingOff, readOnly])
    assert.ok(
      !smtp.messages.some(
        (m) =>
          recipientOf(m) === who.user.email.toLowerCase() &&
          /Recipients VPS|Disk full/.test(`${m.subject} ${m.text}`),
      ),
    );
});

test("account mails: a support ticket's mails go to the members its category concerns and to whoever wrote in it; the staff see which member wrote", async () => {
  const owner = await signUpAndIn(api);
  const billing = await signUpAndIn(api);
  const writer = await signUpAndIn(api);
  const otherTechnical = await signUpAndIn(api);
  await join(owner, billing, "billing");
  await join(owner, otherTechnical, "technical");
  await joinAccount(api, smtp, owner, writer, "technical", { switchTo: true });
  const admin = await signUpAndIn(api);
  await makeAdmin(api, admin.user.id);

  // A technical member asks about an invoice: a billing question.
  const opened = await api.fetch("/api/support/tickets", {
    method: "POST",
    token: writer.access_token,
    json: {
      category: "billing",
      subject: "Invoice question",
      message: "Why two lines?",
      service_id: null,
    },
  });
  assert.equal(opened.status, 201, await opened.clone().text());
  const { id: ticketId } = await json<{ id: string }>(opened);
  const staffView = await api.fetch(`/api/admin/support/tickets/${ticketId}`, {
    token: admin.access_token,
  });
  assert.equal(staffView.status, 200);
  const { messages } = await json<{ messages: { author_name: string | null }[] }>(staffView);
  assert.equal(messages[0]?.author_name, writer.user.username);

  const reply = await api.fetch(`/api/admin/support/tickets/${ticketId}/replies`, {
    method: "POST",
    token: admin.access_token,
    json: { message: "One is the setup fee." },
  });
  assert.equal(reply.status, 201, await reply.clone().text());
  await reply.body?.cancel();
  const readers = await api.sql<{ user_id: string }[]>`
    select user_id from mail_outbox where kind = 'support_reply' and user_id = any(${[
      owner.user.id,
      billing.user.id,
      writer.user.id,
      otherTechnical.user.id,
    ]}::uuid[])`;
  assert.deepEqual(
    readers.map((r) => r.user_id).sort(),
    [owner.user.id, billing.user.id, writer.user.id].sort(),
  );
});

test("account mails: a renewal reminder follows each billing member's own choice, not the founder's", async () => {
  const owner = await signUpAndIn(api);
  const billing = await signUpAndIn(api);
  await join(owner, billing, "billing");
  await put(owner, "/api/account/notifications", { reminders: false, receipts: true });
  const [order] = await api.sql<{ id: string }[]>`
    with p as (
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values ('Reminder VPS', '10.00', '2', '4', '80', '1 Gbit', 'yes', 'vps') returning id)
    insert into orders (user_id, product_id, expire_date)
    select ${owner.user.id}, p.id, now() + interval '2 days' from p returning id`;
  await runLifecycle(api.sql, lifecycleSettings(api.deps.config));
  const rows = await api.sql<{ user_id: string }[]>`
    select user_id from mail_outbox where kind = 'reminder' and dedupe_key like ${`reminder:${order!.id}:%`}`;
  assert.deepEqual(
    rows.map((r) => r.user_id),
    [billing.user.id],
  );
  await smtp.waitFor(
    (m) =>
      recipientOf(m) === billing.user.email.toLowerCase() &&
      /Reminder VPS expires in/.test(m.subject ?? ""),
  );
});

test("account mails: enqueueAccountMail names the account and no address; the owners and billing members get it, each at their own address, language and choice", async () => {
  const owner = await signUpAndIn(api);
  const billingDe = await signUpAndIn(api);
  const billingOff = await signUpAndIn(api);
  const technical = await signUpAndIn(api);
  await join(owner, billingDe, "billing");
  await join(owner, billingOff, "billing");
  await join(owner, technical, "technical");
  await put(billingDe, "/api/account/locale", { locale: "de" });
  await put(billingOff, "/api/account/notifications", { reminders: true, receipts: false });
  const key = `receipt:test:${crypto.randomUUID()}`;
  const mail = {
    kind: "receipt" as const,
    accountId: owner.user.id,
    dedupeKey: key,
    ...topUpReceipt({ amount: "12.50", balance: "62.50", date: new Date(), reference: "CAP-1" }),
  };
  assert.equal(await enqueueAccountMail(api.sql, mail), true);
  assert.equal(await enqueueAccountMail(api.sql, mail), false);
  const rows = await api.sql<
    { user_id: string; to_address: string; dedupe_key: string; subject: string }[]
  >`
    select user_id, to_address, dedupe_key, subject from mail_outbox
    where dedupe_key like ${`${key}%`} order by dedupe_key`;
  // The founder's row keeps the event's key; another member's adds their id.
  assert.deepEqual(
    rows.map((r) => [r.user_id, r.to_address, r.dedupe_key]),
    [
      [owner.user.id, owner.user.email, key],
      [billingDe.user.id, billingDe.user.email, `${key}:${billingDe.user.id}`],
    ],
  );
  assert.equal(rows[0]!.subject, mail.subject);
  assert.equal(rows[1]!.subject, mail.translations!.de!.subject);
  assert.notEqual(rows[1]!.subject, mail.subject);
});

test("account mails: enqueueMail refuses an account's kind (its `to` would be thrown away), even as a plain string, and queues nothing", async () => {
  const owner = await signUpAndIn(api);
  const kind: string = "receipt";
  const key = `receipt:addressed:${crypto.randomUUID()}`;
  await assert.rejects(
    enqueueMail(api.sql, {
      kind,
      to: owner.user.email,
      userId: owner.user.id,
      dedupeKey: key,
      ...topUpReceipt({ amount: "5.00", balance: "5.00", date: new Date(), reference: "CAP-2" }),
    }),
    /enqueueAccountMail/,
  );
  const [row] = await api.sql`select 1 from mail_outbox where dedupe_key like ${`${key}%`}`;
  assert.equal(row, undefined);
});
