import assert from "node:assert/strict";
import { createSecretBox } from "../auth/secret-box.ts";
import { startTestApi, test } from "../platform/testing.ts";
import { enqueueMail } from "./outbox.ts";
import { renderMail } from "./templates/layout.ts";
import { recipientOf, startTestSmtp } from "./testing.ts";
import { createTransport, deliverDueMails } from "./worker.ts";

const FROM = "Hosting Portal <no-reply@portal.test>";
const options = {
  from: FROM,
  maxAttempts: 3,
  secretBox: await createSecretBox(crypto.getRandomValues(new Uint8Array(32))),
};

const mail = (key: string, to = `${key}@example.com`) => ({
  kind: "test",
  to,
  dedupeKey: key,
  subject: `Subject ${key}`,
  ...renderMail({ title: `Title ${key}`, paragraphs: ["One <b>bold</b> & plain"] }),
});

type OutboxRow = {
  state: string;
  attempts: number;
  last_error: string | null;
  due: boolean;
  message_id: string | null;
};

test("enqueueMail: one mail per dedupe key, HTML escaped and a plain-text part", async () => {
  const api = await startTestApi();
  const smtp = await startTestSmtp();
  const transport = createTransport(smtp.url);
  try {
    assert.deepEqual(await enqueueMail(api.sql, mail("once")), true);
    assert.deepEqual(await enqueueMail(api.sql, mail("once")), false);
    // Rolled back with its transaction: the mail does not exist.
    await api.sql
      .begin(async (tx) => {
        await enqueueMail(tx, mail("rolled-back"));
        throw new Error("event failed");
      })
      .catch(() => {});
    const result = await deliverDueMails(api.sql, transport, options);
    assert.deepEqual(result, { sent: 1, retrying: 0, failed: 0 });
    const got = await smtp.waitFor((m) => m.subject === "Subject once");
    assert.deepEqual(smtp.messages.length, 1);
    assert.deepEqual(recipientOf(got), "once@example.com");
    assert(String(got.html).includes("One &lt;b&gt;bold&lt;/b&gt; &amp; plain"));
    assert(got.text?.includes("One <b>bold</b> & plain"));
    assert(got.from?.text.includes("no-reply@portal.test"));
    const [row] = await api.sql<{ state: string; message_id: string; sent: boolean }[]>`
      select state, message_id, sent_at is not null as sent from mail_outbox where dedupe_key = 'once'`;
    assert.deepEqual(row!.state, "sent");
    assert(row!.sent);
    assert.deepEqual(got.messageId, row!.message_id);
  } finally {
    transport.close();
    await smtp.stop();
    await api.close();
  }
});

test("outbox: a mail queued while the SMTP server is down is retried with backoff and delivered once", async () => {
  const api = await startTestApi();
  const smtp = await startTestSmtp();
  const transport = createTransport(smtp.url);
  const row = async () =>
    (
      await api.sql<OutboxRow[]>`
        select state, attempts, last_error, next_attempt_at <= now() as due, message_id
        from mail_outbox where dedupe_key = 'retry'`
    )[0]!;
  try {
    smtp.setDown(true);
    await enqueueMail(api.sql, mail("retry"));
    assert.deepEqual(await deliverDueMails(api.sql, transport, options), {
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    const afterFailure = await row();
    assert.deepEqual(afterFailure.state, "queued");
    assert.deepEqual(afterFailure.attempts, 1);
    assert(afterFailure.last_error?.includes("421"), afterFailure.last_error ?? "no error");
    assert.deepEqual(afterFailure.due, false, "backoff: not due again at once");

    smtp.setDown(false);
    // Backing off: a pass before next_attempt_at sends nothing.
    assert.deepEqual((await deliverDueMails(api.sql, transport, options)).sent, 0);
    await api.sql`update mail_outbox set next_attempt_at = now() where dedupe_key = 'retry'`;
    assert.deepEqual((await deliverDueMails(api.sql, transport, options)).sent, 1);
    assert.deepEqual((await deliverDueMails(api.sql, transport, options)).sent, 0);
    await smtp.waitFor((m) => m.subject === "Subject retry");
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(smtp.messages.length, 1, "delivered exactly once");
    const sent = await row();
    assert.deepEqual(sent.state, "sent");
    assert.deepEqual(sent.attempts, 2);
    assert.deepEqual(sent.last_error, null);
    assert.deepEqual(smtp.messages[0]!.messageId, sent.message_id);
  } finally {
    transport.close();
    await smtp.stop();
    await api.close();
  }
});

test("outbox: attempts exhausted or a permanent 5xx refusal mark the mail failed", async () => {
  const api = await startTestApi();
  const smtp = await startTestSmtp();
  const transport = createTransport(smtp.url);
  try {
    await enqueueMail(api.sql, mail("refused", "nobody@rejected.invalid"));
    assert.deepEqual(await deliverDueMails(api.sql, transport, options), {
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    smtp.setDown(true);
    await enqueueMail(api.sql, mail("exhausted"));
    for (let i = 0; i < options.maxAttempts; i++) {
      await api.sql`update mail_outbox set next_attempt_at = now() where dedupe_key = 'exhausted'`;
      await deliverDueMails(api.sql, transport, options);
    }
    const rows = await api.sql<{ dedupe_key: string; state: string; attempts: number }[]>`
      select dedupe_key, state, attempts from mail_outbox order by dedupe_key`;
    assert.deepEqual(
      [...rows],
      [
        { dedupe_key: "exhausted", state: "failed", attempts: 3 },
        { dedupe_key: "refused", state: "failed", attempts: 1 },
      ],
    );
    smtp.setDown(false);
    await api.sql`update mail_outbox set next_attempt_at = now()`;
    assert.deepEqual((await deliverDueMails(api.sql, transport, options)).sent, 0);
    assert.deepEqual(smtp.messages.length, 0);
  } finally {
    transport.close();
    await smtp.stop();
    await api.close();
  }
});

test("outbox: two workers running at the same time send every mail exactly once", async () => {
  const api = await startTestApi();
  const smtp = await startTestSmtp();
  const transports = [createTransport(smtp.url), createTransport(smtp.url)];
  try {
    const count = 60;
    for (let i = 0; i < count; i++) await enqueueMail(api.sql, mail(`m${i}`));
    const runs = await Promise.all(
      transports.flatMap((t) => [
        deliverDueMails(api.sql, t, options),
        deliverDueMails(api.sql, t, options),
      ]),
    );
    const sent = runs.reduce((n, r) => n + r.sent, 0);
    assert.deepEqual(sent, count);
    assert(
      runs.filter((r) => r.sent > 0).length > 1,
      `the passes shared the work: ${runs.map((r) => r.sent)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(smtp.messages.length, count);
    assert.deepEqual(new Set(smtp.messages.map((m) => m.messageId)).size, count);
    const [left] = await api.sql<{ n: number }[]>`
      select count(*)::int as n from mail_outbox where state <> 'sent'`;
    assert.deepEqual(left!.n, 0);
  } finally {
    for (const t of transports) t.close();
    await smtp.stop();
    await api.close();
  }
});

test("outbox: a claim left by a worker that died mid-send is marked failed, never sent again", async () => {
  const api = await startTestApi();
  const smtp = await startTestSmtp();
  const transport = createTransport(smtp.url);
  try {
    await enqueueMail(api.sql, mail("crashed"));
    // What a worker that stopped between the SMTP handover and recording `sent` leaves behind.
    await api.sql`update mail_outbox set state = 'sending', attempts = 1,
      claimed_at = now() - interval '1 hour' where dedupe_key = 'crashed'`;
    assert.deepEqual(await deliverDueMails(api.sql, transport, options), {
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    const [row] = await api.sql<{ state: string; last_error: string }[]>`
      select state, last_error from mail_outbox where dedupe_key = 'crashed'`;
    assert.deepEqual(row!.state, "failed");
    assert(row!.last_error.includes("interrupted"));
    assert.deepEqual(smtp.messages.length, 0);
  } finally {
    transport.close();
    await smtp.stop();
    await api.close();
  }
});

test("outbox: a mail another worker holds is skipped, not waited for and not sent", async () => {
  const api = await startTestApi();
  const smtp = await startTestSmtp();
  const transport = createTransport(smtp.url);
  const { promise: release, resolve } = Promise.withResolvers<void>();
  const { promise: locked, resolve: onLocked } = Promise.withResolvers<void>();
  try {
    await enqueueMail(api.sql, mail("held"));
    await enqueueMail(api.sql, mail("free"));
    // Another worker in the middle of claiming "held" (its row locked, not yet committed).
    const holder = api.sql.begin(async (tx) => {
      await tx`select id from mail_outbox where dedupe_key = 'held' for update`;
      onLocked();
      await release;
    });
    await locked;
    const pass = deliverDueMails(api.sql, transport, options);
    const outcome = await Promise.race([
      pass,
      new Promise<"blocked">((r) => setTimeout(() => r("blocked"), 3_000)),
    ]);
    resolve();
    await holder;
    await pass;
    assert.deepEqual(outcome, { sent: 1, retrying: 0, failed: 0 });
    await smtp.waitFor((m) => m.subject === "Subject free");
    assert.equal(smtp.messages.filter((m) => m.subject === "Subject held").length, 0);
  } finally {
    resolve();
    transport.close();
    await smtp.stop();
    await api.close();
  }
});
