import type { Locale } from "../../contracts/i18n/locales.ts";
import type { AccountRole } from "../../contracts/members.ts";
import type { SupportCategory } from "../../contracts/support.ts";
import type { Db } from "../platform/db.ts";
import type { SecretBox } from "../platform/ports.ts";

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
  /** The link token this mail carries, sealed (sealLinkToken); text and html hold a placeholder. */
  sealedToken?: string;
  /**
   * The mail in other languages (a template's inEveryLocale): with `userId`, the outbox keeps the
   * one of that user's saved locale, read in the insert itself; English (the fields above) when
   * none is saved. The language is the recipient's at the moment the mail is queued.
   */
  translations?: Partial<Record<Locale, { subject: string; text: string; html: string }>>;
  /**
   * For an account's mail whose readers depend on what it is about rather than on its kind alone
   * (a support ticket's category, the people who wrote in it): the roles it goes to instead of
   * the kind's (ACCOUNT_MAIL_AUDIENCE), and members who get it whatever their role.
   */
  readers?: { roles: AccountRole[]; members?: string[] };
}

/** The translations as one jsonb parameter (null when the mail has none). */
const translationsParam = (db: Db, mail: Pick<OutgoingMail, "translations">) =>
  mail.translations && Object.keys(mail.translations).length
    ? db.json(mail.translations as never)
    : null;

export type MailState = "queued" | "sending" | "sent" | "failed";

type Preference = "notify_receipts" | "notify_reminders";

const BILLING: AccountRole[] = ["owner", "billing"];
const TECHNICAL: AccountRole[] = ["owner", "technical"];
/**
 * The account's mails and who of its members gets them: money mails go to the owners and the
 * billing members, server and support mails to the owners and the technical members, each in
 * their own language and by their own notification choice (`when`). For these kinds the caller's
 * `userId` is the account (its founder's id) and `to` is not used. Every other kind (sign-in,
 * password, invitations, staff mails) goes to the one address it names.
 */
export const ACCOUNT_MAIL_AUDIENCE: Record<string, { roles: AccountRole[]; when?: Preference }> = {
  receipt: { roles: BILLING, when: "notify_receipts" },
  reminder: { roles: BILLING, when: "notify_reminders" },
  topup_needed: { roles: BILLING },
  grace: { roles: BILLING },
  termination_warning: { roles: BILLING },
  payment_denied: { roles: BILLING },
  credits_held: { roles: BILLING },
  reactivated: { roles: BILLING },
  cancellation: { roles: BILLING },
  plan_changed: { roles: BILLING },
  plan_change_failed: { roles: BILLING },
  suspended: { roles: ["owner", "billing", "technical"] },
  expired: { roles: ["owner", "billing", "technical"] },
  server_ready: { roles: TECHNICAL },
  provisioning_failed: { roles: TECHNICAL },
  server_terminated: { roles: TECHNICAL },
  support_reply: { roles: TECHNICAL },
  support_auto_closed: { roles: TECHNICAL },
};

/**
 * Who of an account hears about a support ticket, by its category (the mail's `readers`): money
 * questions are the billing members', server questions the technical members'. The members who
 * wrote in the ticket hear about it too, whatever their role.
 */
export const SUPPORT_READERS: Record<SupportCategory, AccountRole[]> = {
  billing: BILLING,
  sales: BILLING,
  technical: TECHNICAL,
  abuse: TECHNICAL,
};

/**
 * One outbox row per member of the account `mail.userId` whom the kind's audience names (and
 * whose own choice allows it), in their saved language. The founder's row keeps the event's
 * dedupe key (as before accounts had members); another member's adds their id to it.
 */
async function enqueueAccountMail(
  db: Db,
  mail: OutgoingMail & { userId: string },
  audience: { roles: AccountRole[]; when?: Preference },
): Promise<boolean> {
  const rows = await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body,
      sealed_token)
    select ${mail.kind}, p.email, p.id,
      case when p.id = ${mail.userId} then ${mail.dedupeKey} else ${mail.dedupeKey} || ':' || p.id end,
      coalesce(t.v ->> 'subject', ${mail.subject}), coalesce(t.v ->> 'text', ${mail.text}),
      coalesce(t.v ->> 'html', ${mail.html}), ${mail.sealedToken ?? null}
    from account_members m join profiles p on p.id = m.user_id,
      lateral (select ${translationsParam(db, mail)}::jsonb -> p.locale as v) t
    where m.account_id = ${mail.userId}
      and (m.role = any(${mail.readers?.roles ?? audience.roles})
        or m.user_id = any(${mail.readers?.members ?? []}::uuid[]))
      and ${audience.when ? db`p.${db(audience.when)}` : db`true`}
    order by m.user_id
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length > 0;
}

/**
 * Queues a mail for the delivery worker (api/src/mail/worker.ts). Call it with the transaction of
 * the event that causes the mail, so the mail exists if and only if the event committed. True when
 * queued, false when a mail with this dedupe key exists already. An account's mail
 * (ACCOUNT_MAIL_AUDIENCE) goes to the members its kind is for.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<boolean> {
  const audience = ACCOUNT_MAIL_AUDIENCE[mail.kind];
  if (audience && mail.userId)
    return await enqueueAccountMail(db, { ...mail, userId: mail.userId }, audience);
  const translations = mail.userId ? translationsParam(db, mail) : null;
  const rows = translations
    ? await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body,
      sealed_token)
    select ${mail.kind}, ${mail.to}, ${mail.userId!}, ${mail.dedupeKey},
      coalesce(t.v ->> 'subject', ${mail.subject}), coalesce(t.v ->> 'text', ${mail.text}),
      coalesce(t.v ->> 'html', ${mail.html}), ${mail.sealedToken ?? null}
    from (select ${translations}::jsonb -> (select locale from profiles where id = ${mail.userId!}) as v) t
    on conflict (dedupe_key) do nothing
    returning id`
    : await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body,
      sealed_token)
    values (${mail.kind}, ${mail.to}, ${mail.userId ?? null}, ${mail.dedupeKey}, ${mail.subject},
      ${mail.text}, ${mail.html}, ${mail.sealedToken ?? null})
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
  mail: Omit<OutgoingMail, "to" | "userId" | "sealedToken"> & {
    userId: string;
    when: "notify_receipts";
  },
): Promise<boolean> {
  const audience = ACCOUNT_MAIL_AUDIENCE[mail.kind];
  if (audience) return await enqueueAccountMail(db, { ...mail, to: "" }, audience);
  const rows = await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body)
    select ${mail.kind}, p.email, p.id, ${mail.dedupeKey},
      coalesce(t.v ->> 'subject', ${mail.subject}), coalesce(t.v ->> 'text', ${mail.text}),
      coalesce(t.v ->> 'html', ${mail.html})
    from profiles p, lateral (select ${translationsParam(db, mail)}::jsonb -> p.locale as v) t
    where p.id = ${mail.userId} and p.${db(mail.when)}
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length === 1;
}

/**
 * Where a sealed link token goes back into a mail's text and HTML at send time. A username that
 * contains it would only ever receive its own link in its own mail.
 */
export const TOKEN_PLACEHOLDER = "{{link_token}}";

/**
 * A mail whose links carry a token (password reset, email verification), made fit for the outbox:
 * the token is cut out of the text and HTML and stored sealed with the secret box, bound to the
 * mail's dedupe key, so that whoever reads the database (a backup, a replica, a support role)
 * cannot use the link; the worker puts it back when it hands the mail to the SMTP server.
 */
export async function sealLinkToken(
  box: SecretBox,
  mail: OutgoingMail,
  token: string,
): Promise<OutgoingMail> {
  const cut = <V extends { subject: string; text: string; html: string }>(variant: V): V => {
    if (
      !variant.text.includes(token) ||
      !variant.html.includes(token) ||
      variant.subject.includes(token)
    )
      throw new Error(`the ${mail.kind} mail does not carry its token verbatim in text and HTML`);
    return {
      ...variant,
      text: variant.text.replaceAll(token, TOKEN_PLACEHOLDER),
      html: variant.html.replaceAll(token, TOKEN_PLACEHOLDER),
    };
  };
  return {
    ...cut(mail),
    ...(mail.translations
      ? {
          translations: Object.fromEntries(
            Object.entries(mail.translations).map(([locale, variant]) => [locale, cut(variant!)]),
          ),
        }
      : {}),
    sealedToken: await box.seal(token, mail.dedupeKey),
  };
}

/**
 * Deletes the mails sent or failed for good more than `retentionDays` ago (their bodies went when
 * they were done; what is left is who got which mail when). Run by the scheduler on every tick.
 */
export async function pruneMailOutbox(db: Db, retentionDays: number): Promise<number> {
  const rows = await db`
    delete from mail_outbox
    where state in ('sent', 'failed') and created_at < now() - make_interval(days => ${retentionDays})
    returning 1`;
  return rows.length;
}
