import type { Locale } from "../../contracts/i18n/locales.ts";
import type { AccountRole } from "../../contracts/members.ts";
import type { SupportCategory } from "../../contracts/support.ts";
import type { Db } from "../platform/db.ts";
import type { SecretBox } from "../platform/ports.ts";

/** What every mail holds; `text` and `html` usually come from a template (api/src/mail/templates/). */
interface MailContent {
  /**
   * One mail per key, ever: an event that runs twice (a retried request, two job runners) queues
   * one mail. Name the event, e.g. `receipt:<transaction id>`, `reminder:<order id>:<days>`.
   */
  dedupeKey: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The mail in other languages (a template's inEveryLocale): the outbox keeps the one of the
   * recipient's saved locale, read in the insert itself; English (the fields above) when none is
   * saved. The language is the recipient's at the moment the mail is queued.
   */
  translations?: Partial<Record<Locale, { subject: string; text: string; html: string }>>;
}

/**
 * A mail to the one address it names (enqueueMail): sign-in, password, invitations, staff mails.
 * An account's mails have no address of their own: see AccountMail.
 */
export interface OutgoingMail extends MailContent {
  /** What the mail is about, e.g. "password_reset", "staff_suspended"; shown in the admin outbox. */
  kind: string;
  to: string;
  /** The person at `to`, if they have a profile: `translations` follow their saved locale. */
  userId?: string;
  /** The link token this mail carries, sealed (sealLinkToken); text and html hold a placeholder. */
  sealedToken?: string;
}

/**
 * An account's mail (enqueueAccountMail). It names the account, not an address: the outbox sends
 * it to the members its kind concerns (ACCOUNT_MAIL_AUDIENCE), each at their own address. It
 * carries no link token: a token is one person's, and this mail goes to several.
 */
export interface AccountMail extends MailContent {
  kind: AccountMailKind;
  /**
   * The account the mail is about. An account's id is its founder's profile id (migration 040), so
   * this is the `user_id` of the order, service, ticket or transaction that causes the mail.
   */
  accountId: string;
  /**
   * For a mail whose readers depend on what it is about rather than on its kind alone (a support
   * ticket's category, the people who wrote in it): the roles it goes to instead of the kind's,
   * and members who get it whatever their role. The kind's `when` applies still.
   */
  readers?: { roles: readonly AccountRole[]; members?: string[] };
}

/** The translations as one jsonb parameter (null when the mail has none). */
const translationsParam = (db: Db, mail: Pick<MailContent, "translations">) =>
  mail.translations && Object.keys(mail.translations).length
    ? db.json(mail.translations as never)
    : null;

export type MailState = "queued" | "sending" | "sent" | "failed";

type Preference = "notify_receipts" | "notify_reminders";

const BILLING: readonly AccountRole[] = ["owner", "billing"];
const TECHNICAL: readonly AccountRole[] = ["owner", "technical"];
/**
 * The account's mails and who of its members gets them: money mails go to the owners and the
 * billing members, server and support mails to the owners and the technical members, each in
 * their own language and by their own notification choice (`when`). Only these kinds are
 * AccountMail kinds (enqueueAccountMail); every other kind (sign-in, password, invitations, staff
 * mails) goes to the one address it names (enqueueMail).
 */
export const ACCOUNT_MAIL_AUDIENCE = {
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
} as const satisfies Record<string, { roles: readonly AccountRole[]; when?: Preference }>;

/** The kinds of an account's mails (the keys of ACCOUNT_MAIL_AUDIENCE). */
export type AccountMailKind = keyof typeof ACCOUNT_MAIL_AUDIENCE;

const isAccountKind = (kind: string): kind is AccountMailKind =>
  Object.hasOwn(ACCOUNT_MAIL_AUDIENCE, kind);

/**
 * Who of an account hears about a support ticket, by its category (the mail's `readers`): money
 * questions are the billing members', server questions the technical members'. The members who
 * wrote in the ticket hear about it too, whatever their role.
 */
export const SUPPORT_READERS: Record<SupportCategory, readonly AccountRole[]> = {
  billing: BILLING,
  sales: BILLING,
  technical: TECHNICAL,
  abuse: TECHNICAL,
};

/**
 * Queues an account's mail for the delivery worker, like enqueueMail (in the event's transaction):
 * one outbox row per member of the account whom the kind's audience (or `readers`) names and whose
 * own choice allows it, at their address and in their saved language, all read in the insert
 * itself, so the caller reads no address first (a money path sends it pipelined with its last
 * writes, shop/money.ts). The founder's row keeps the event's dedupe key (as before accounts had
 * members); another member's adds their id to it. True when queued, false when a mail with this
 * dedupe key exists already or no member is to get it (e.g. each one turned receipts off).
 */
export async function enqueueAccountMail(db: Db, mail: AccountMail): Promise<boolean> {
  const audience: { roles: readonly AccountRole[]; when?: Preference } =
    ACCOUNT_MAIL_AUDIENCE[mail.kind];
  const rows = await db`
    insert into mail_outbox (kind, to_address, user_id, dedupe_key, subject, text_body, html_body)
    select ${mail.kind}, p.email, p.id,
      case when p.id = ${mail.accountId} then ${mail.dedupeKey} else ${mail.dedupeKey} || ':' || p.id end,
      coalesce(t.v ->> 'subject', ${mail.subject}), coalesce(t.v ->> 'text', ${mail.text}),
      coalesce(t.v ->> 'html', ${mail.html})
    from account_members m join profiles p on p.id = m.user_id,
      lateral (select ${translationsParam(db, mail)}::jsonb -> p.locale as v) t
    where m.account_id = ${mail.accountId}
      and (m.role = any(${mail.readers?.roles ?? audience.roles})
        or m.user_id = any(${mail.readers?.members ?? []}::uuid[]))
      and ${audience.when ? db`p.${db(audience.when)}` : db`true`}
    order by m.user_id
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length > 0;
}

/** A kind enqueueMail takes: any but an account's, which has no one address to send to. */
type AddressedKind<K extends string> = K extends AccountMailKind ? never : K;

/**
 * Queues a mail to one address for the delivery worker (api/src/mail/worker.ts). Call it with the
 * transaction of the event that causes the mail, so the mail exists if and only if the event
 * committed. True when queued, false when a mail with this dedupe key exists already.
 *
 * An account's kind (ACCOUNT_MAIL_AUDIENCE) is refused, by the type and at run time (a kind that
 * reaches here as a plain string, or one added to the audience later): it goes to the account's
 * members, and a `to` here would either be ignored or reach one of them alone. Queue it with
 * enqueueAccountMail.
 */
export async function enqueueMail<K extends string>(
  db: Db,
  mail: OutgoingMail & { kind: AddressedKind<K> },
): Promise<boolean> {
  if (isAccountKind(mail.kind))
    throw new Error(
      `a ${mail.kind} mail goes to its account's members: queue it with enqueueAccountMail`,
    );
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
