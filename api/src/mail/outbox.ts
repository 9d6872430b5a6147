import type { Db } from "../db.ts";

/** A mail to queue; `text` and `html` usually come from a template (api/src/mail/templates/). */
export interface OutgoingMail {
  /** What the mail is about, e.g. "password_reset", "receipt"; shown in the admin outbox. */
  kind: string;
  to: string;
  userId?: string;
  /**
   * One mail per key, ever: an event that runs twice (a retried request, two job runners) queues
   * one mail. Name the event, e.g. `receipt:<transaction id>`, `reminder:<order id>:<days>`.
   */
  dedupeKey: string;
  subject: string;
  text: string;
  html: string;
}

export type MailState = "queued" | "sending" | "sent" | "failed";

/**
 * Queues a mail for the delivery worker (api/src/mail/worker.ts). Call it with the transaction of
 * the event that causes the mail, so the mail exists if and only if the event committed. True when
 * queued, false when a mail with this dedupe key exists already.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<boolean> {
  const rows = await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body)
    values (${mail.kind}, ${mail.to}, ${mail.userId ?? null}, ${mail.dedupeKey}, ${mail.subject},
      ${mail.text}, ${mail.html})
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length === 1;
}

/**
 * enqueueMail() to a user's own address, read in the same statement, and only when that user wants
 * this kind of mail (`when`: a boolean column of profiles, e.g. notify_receipts). One statement
 * and no read before it: a money path sends it pipelined with its last writes (shop/money.ts).
 * True when queued, false when the user does not want it or the dedupe key exists already.
 */
export async function enqueueUserMail(
  db: Db,
  mail: Omit<OutgoingMail, "to" | "userId"> & { userId: string; when: "notify_receipts" },
): Promise<boolean> {
  const rows = await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body)
    select ${mail.kind}, p.email, p.id, ${mail.dedupeKey}, ${mail.subject}, ${mail.text}, ${mail.html}
    from profiles p
    where p.id = ${mail.userId} and p.${db(mail.when)}
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length === 1;
}
