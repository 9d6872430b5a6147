import nodemailer from "nodemailer";
import type { Config } from "../platform/config.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { SecretBox } from "../platform/ports.ts";
import { TOKEN_PLACEHOLDER } from "./outbox.ts";

/** What the worker needs from nodemailer: one call that hands a message to an SMTP server. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
  }): Promise<{ messageId?: string; response?: string }>;
  close(): void;
}

export function createTransport(smtpUrl: string): MailTransport {
  // Bounded waits: a hung server fails this attempt (and is retried) instead of holding the claim
  // past the stale-claim limit below.
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  }) as unknown as MailTransport;
}

/** First retry after 30 s, then doubling, at most an hour apart. */
export const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

/**
 * A claim older than this is a worker that died mid-send (a normal stop waits for its batch).
 * Well above the transport's timeouts, so a slow but alive send is never taken for dead.
 */
const STALE_CLAIM_SECONDS = 600;
const BATCH = 20;

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

interface Claimed {
  id: string;
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sealed_token: string | null;
  message_id: string;
  attempts: number;
}

/** A sealed token that does not open will not open on a later attempt either. */
class SealBroken extends Error {}

async function bodiesOf(mail: Claimed, box: SecretBox): Promise<{ text: string; html: string }> {
  if (!mail.sealed_token) return { text: mail.text_body, html: mail.html_body };
  let token: string;
  try {
    token = await box.open(mail.sealed_token, mail.dedupe_key);
  } catch (err) {
    throw new SealBroken((err as Error).message);
  }
  return {
    text: mail.text_body.replaceAll(TOKEN_PLACEHOLDER, token),
    html: mail.html_body.replaceAll(TOKEN_PLACEHOLDER, token),
  };
}

const domainOf = (from: string) => from.match(/@([^>\s]+)/)?.[1] ?? "localhost";

/**
 * One pass of the outbox: claims due mails, sends each, records the outcome.
 *
 * Never twice: a mail is claimed (state `sending`, attempts + 1) in its own committed statement
 * with FOR UPDATE SKIP LOCKED, so two workers (or two API instances) never hold the same mail, and
 * only a definite SMTP failure puts it back to `queued`. A worker that dies between handing the
 * mail to the SMTP server and recording `sent` leaves it `sending`; such a claim, once stale, is
 * marked `failed` ("interrupted", shown in the admin outbox) instead of being sent again, because
 * the server may well have accepted it. Every attempt of a mail carries the same Message-ID.
 *
 * A mail done with (sent, or failed for good) keeps who, what kind, the subject and its delivery
 * record for the admin outbox, not its body nor its sealed token: a reset or verification link is
 * of no use to anyone after that, and nobody reading the database later should find it.
 */
export async function deliverDueMails(
  sql: Sql,
  transport: MailTransport,
  options: { from: string; maxAttempts: number; secretBox: SecretBox },
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  const interrupted = await sql`
    update mail_outbox set state = 'failed', claimed_at = null,
      text_body = null, html_body = null, sealed_token = null,
      last_error = 'Delivery interrupted while sending (worker stopped): not retried automatically, the SMTP server may have accepted it'
    where state = 'sending' and claimed_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})
    returning id`;
  result.failed += interrupted.length;
  const domain = domainOf(options.from);
  for (;;) {
    const batch = await sql<Claimed[]>`
      update mail_outbox m set state = 'sending', attempts = m.attempts + 1, claimed_at = now(),
        message_id = coalesce(m.message_id, '<' || m.id || '@' || ${domain} || '>')
      from (
        select id from mail_outbox
        where state = 'queued' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      ) due
      where m.id = due.id
      returning m.id, m.dedupe_key, m.to_address, m.subject, m.text_body, m.html_body,
        m.sealed_token, m.message_id, m.attempts`;
    if (batch.length === 0) return result;
    for (const mail of batch) {
      // The claim is renewed right before this mail's send, so the stale-claim limit bounds one
      // send, not a whole batch; a claim already declared stale (marked failed) is not sent.
      const [live] = await sql`
        update mail_outbox set claimed_at = now() where id = ${mail.id} and state = 'sending'
        returning id`;
      if (!live) continue;
      try {
        // Opened for this send only: the clear link goes into the message, never back into the table.
        const body = await bodiesOf(mail, options.secretBox);
        await transport.sendMail({
          from: options.from,
          to: mail.to_address,
          subject: mail.subject,
          text: body.text,
          html: body.html,
          messageId: mail.message_id,
        });
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        // 5xx is the server's final word on this message; anything else (down, 4xx, timeout) may pass later.
        const permanent = (typeof code === "number" && code >= 500) || err instanceof SealBroken;
        const giveUp = permanent || mail.attempts >= options.maxAttempts;
        const error = String((err as Error).message ?? err).slice(0, 500);
        await sql`
          update mail_outbox set
            state = ${giveUp ? "failed" : "queued"},
            claimed_at = null,
            last_error = ${error},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(mail.attempts)})
            ${giveUp ? sql`, text_body = null, html_body = null, sealed_token = null` : sql``}
          where id = ${mail.id} and state = 'sending'`;
        if (giveUp) result.failed++;
        else result.retrying++;
        log(giveUp ? "error" : "warn", giveUp ? "mail failed" : "mail delivery will be retried", {
          mail_id: mail.id,
          attempts: mail.attempts,
          error,
        });
        continue;
      }
      await sql`
        update mail_outbox set state = 'sent', sent_at = now(), claimed_at = null, last_error = null,
          text_body = null, html_body = null, sealed_token = null
        where id = ${mail.id} and state = 'sending'`;
      result.sent++;
    }
  }
}

export interface MailWorker {
  /** One pass now (tests; the timer runs passes on its own). */
  runOnce(): Promise<DeliveryResult>;
  /** Stops the timer and waits for a pass in progress, so no claim is left behind. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox every `intervalMs`. Polling is cheap (a partial index on due mails) and keeps
 * a password-reset mail within seconds without a LISTEN connection per instance.
 */
export function startMailWorker(
  sql: Sql,
  transport: MailTransport,
  config: Pick<Config, "MAIL_FROM" | "MAIL_MAX_ATTEMPTS">,
  secretBox: SecretBox,
  intervalMs = 2_000,
): MailWorker {
  const options = {
    from: config.MAIL_FROM ?? "no-reply@localhost",
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    secretBox,
  };
  let running: Promise<DeliveryResult> | null = null;
  let stopped = false;
  const runOnce = async (): Promise<DeliveryResult> => {
    // Passes of one instance never overlap; other instances are kept apart by SKIP LOCKED.
    while (running) await running.catch(() => {});
    running = deliverDueMails(sql, transport, options);
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  const tick = () => {
    if (running || stopped) return;
    runOnce().then(
      (r) => {
        if (r.sent || r.failed) log("info", "mail delivered", { ...r });
      },
      (err) => log("error", "mail delivery failed", { error: (err as Error).message }),
    );
  };
  const timer = setInterval(tick, intervalMs);
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
