import assert from "node:assert/strict";
import { settlePasswordResetRequests } from "../auth/password-reset.ts";
import { startJobs } from "../jobs/scheduler.ts";
import { testConfig } from "../platform/config.ts";
import { signUpAndIn, startTestApi, type TestApi, test } from "../platform/testing.ts";
import { listMailOutbox } from "./outbox.routes.ts";
import { enqueueMail } from "./outbox.ts";
import { renderMail } from "./templates/layout.ts";
import { linkIn, recipientOf, startTestSmtp } from "./testing.ts";
import { createTransport, deliverDueMails } from "./worker.ts";

// No SMTP_URL: no worker of the harness's own, so each test sees the outbox before and after the
// pass it runs itself.
const api: TestApi = await startTestApi({ PUBLIC_URL: "http://portal.test" });
const smtp = await startTestSmtp();
const transport = createTransport(smtp.url);
globalThis.addEventListener("unload", () => {
  transport.close();
  void smtp.stop();
  void settlePasswordResetRequests().then(() => api.close());
});

const deliver = () =>
  deliverDueMails(api.sql, transport, {
    from: "Hosting Portal <no-reply@portal.test>",
    maxAttempts: 3,
    secretBox: api.deps.secretBox,
  });

/** Everything the outbox holds for an address, every column, as one string. */
const outboxOf = async (email: string) =>
  JSON.stringify(await api.sql`select * from mail_outbox where to_address = ${email}`);

const LINK_WITH_TOKEN = /token=[A-Za-z0-9_-]{20,}/;

test("reset and verification links are never stored readable; the mails still carry working links, and their bodies go once sent", async () => {
  const me = await signUpAndIn(api);
  const res = await api.fetch("/api/auth/password-reset", {
    method: "POST",
    json: { email: me.user.email },
  });
  assert.equal(res.status, 202);
  await settlePasswordResetRequests();

  const queued = await api.sql<{ kind: string; text_body: string; html_body: string }[]>`
    select kind, text_body, html_body from mail_outbox where to_address = ${me.user.email}
    order by kind`;
  assert.deepEqual(
    queued.map((m) => m.kind),
    ["email_verification", "password_reset"],
  );
  for (const mail of queued) {
    assert.doesNotMatch(mail.text_body, LINK_WITH_TOKEN, `${mail.kind} text holds its token`);
    assert.doesNotMatch(mail.html_body, LINK_WITH_TOKEN, `${mail.kind} html holds its token`);
  }

  const beforeSending = await outboxOf(me.user.email);

  assert.equal((await deliver()).sent, 2);
  const resetMail = await smtp.waitFor(
    (m) => recipientOf(m) === me.user.email && m.subject === "Reset your Hosting Portal password",
  );
  const verifyMail = await smtp.waitFor(
    (m) =>
      recipientOf(m) === me.user.email &&
      m.subject === "Verify your email address for Hosting Portal",
  );
  const resetToken = new URL(
    linkIn(resetMail, "http://portal.test/auth/reset-password?token="),
  ).searchParams.get("token")!;
  const verifyToken = new URL(
    linkIn(verifyMail, "http://portal.test/auth/verify-email?token="),
  ).searchParams.get("token")!;
  assert.match(resetToken, /^[A-Za-z0-9_-]{43}$/);
  assert.ok(String(resetMail.html).includes(resetToken), "the HTML part carries the link too");

  // Nothing of either token anywhere in the outbox, before or after sending, and no body left.
  for (const stored of [beforeSending, await outboxOf(me.user.email)]) {
    assert.ok(!stored.includes(resetToken) && !stored.includes(verifyToken));
  }
  const done = await api.sql<
    { kind: string; state: string; text_body: string | null; html_body: string | null }[]
  >`select kind, state, text_body, html_body from mail_outbox where to_address = ${me.user.email}`;
  for (const mail of done) {
    assert.equal(mail.state, "sent");
    assert.equal(mail.text_body, null, `${mail.kind} text kept after sending`);
    assert.equal(mail.html_body, null, `${mail.kind} html kept after sending`);
  }
  // The admin outbox still lists them with kind, recipient and subject.
  const listed = (await listMailOutbox(api.sql, {})).mails.filter(
    (m) => m.to_address === me.user.email,
  );
  assert.deepEqual(listed.map((m) => [m.kind, m.subject, m.state]).sort(), [
    ["email_verification", "Verify your email address for Hosting Portal", "sent"],
    ["password_reset", "Reset your Hosting Portal password", "sent"],
  ]);

  // The links work: the tokens were put back at send time.
  const verified = await api.fetch("/api/auth/email-verification/confirm", {
    method: "POST",
    json: { token: verifyToken },
  });
  assert.equal(verified.status, 200);
  const reset = await api.fetch("/api/auth/password-reset/confirm", {
    method: "POST",
    json: { token: resetToken, password: "Kettle-Orbit-Maple-91" },
  });
  assert.equal(reset.status, 204);
});

test("a mail that failed for good loses its body too", async () => {
  await enqueueMail(api.sql, {
    kind: "test",
    to: "gone@rejected.invalid",
    dedupeKey: "rejected-body",
    subject: "Refused",
    ...renderMail({ title: "Refused", paragraphs: ["A body nobody needs any more"] }),
  });
  const result = await deliver();
  assert.equal(result.failed, 1);
  const [row] = await api.sql<
    { state: string; last_error: string; text_body: string | null; html_body: string | null }[]
  >`select state, last_error, text_body, html_body from mail_outbox where dedupe_key = 'rejected-body'`;
  assert.equal(row!.state, "failed");
  assert.match(row!.last_error, /No such user/);
  assert.equal(row!.text_body, null);
  assert.equal(row!.html_body, null);
});

test("the scheduler deletes mails done with for longer than MAIL_OUTBOX_RETENTION_DAYS", async () => {
  const mail = (key: string) => ({
    kind: "test",
    to: `${key}@retention.test`,
    dedupeKey: key,
    subject: key,
    ...renderMail({ title: key, paragraphs: [key] }),
  });
  for (const key of ["old-sent", "old-failed", "old-queued", "young-sent"])
    await enqueueMail(api.sql, mail(key));
  await api.sql`update mail_outbox set state = 'sent', sent_at = now(), text_body = null,
    html_body = null where dedupe_key in ('old-sent', 'young-sent')`;
  await api.sql`update mail_outbox set state = 'failed', text_body = null, html_body = null
    where dedupe_key = 'old-failed'`;
  await api.sql`update mail_outbox set created_at = now() - interval '8 days'
    where dedupe_key in ('old-sent', 'old-failed', 'old-queued')`;
  await api.sql`update mail_outbox set created_at = now() - interval '6 days'
    where dedupe_key = 'young-sent'`;

  const config = testConfig({ MAIL_OUTBOX_RETENTION_DAYS: "7" });
  assert.equal(testConfig().MAIL_OUTBOX_RETENTION_DAYS, 30);
  const jobs = startJobs(api.sql, 50, { paypal: api.deps.paypal, config });
  const left = async () =>
    (
      await api.sql<{ dedupe_key: string }[]>`
        select dedupe_key from mail_outbox where to_address like '%@retention.test'
        order by dedupe_key`
    ).map((r) => r.dedupe_key);
  const deadline = Date.now() + 5_000;
  while ((await left()).includes("old-sent") && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  await jobs.stop();
  // A mail not yet done with is never deleted, however old.
  assert.deepEqual(await left(), ["old-queued", "young-sent"]);
});
