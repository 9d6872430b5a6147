import { z } from "zod/mini";
import { Money, Timestamp, Uuid } from "./common.ts";
import { locales } from "./i18n/locales.ts";
import { AccountRole } from "./members.ts";

export const accountMessages = {
  localeInvalid: "Locale must be one of en, de, fr, nl",
  profileNotFound: "Profile not found",
} as const;

/** One of the portal's languages (api/contracts/i18n/locales.ts). */
export const LocaleSchema = z.enum(locales, accountMessages.localeInvalid);

export const Profile = z.object({
  id: Uuid,
  username: z.string(),
  email: z.string(),
  credits: Money,
  created_at: Timestamp,
  /**
   * The language the customer chose (pages, mails, documents); null: never chosen. The API always
   * sends it; optional so that a page's fixtures and caches from before it still parse.
   */
  locale: z.optional(z.nullable(LocaleSchema)),
  /**
   * The account the session acts on and the caller's role there (null: none), so that pages hide
   * what the role may not do (the API refuses it anyway). Optional like `locale`.
   */
  account_id: z.optional(z.nullable(Uuid)),
  role: z.optional(z.nullable(AccountRole)),
});
export type Profile = z.infer<typeof Profile>;

/** PUT /api/account/locale: the customer's language choice. */
export const SetLocaleBody = z.object({ locale: LocaleSchema });
export type SetLocaleBody = z.infer<typeof SetLocaleBody>;

/** Pushed on GET /api/events (server-sent events) when the caller's profile row changes. */
export const ProfileChangedEvent = z.object({
  id: Uuid,
  username: z.string(),
  credits: Money,
});
export type ProfileChangedEvent = z.infer<typeof ProfileChangedEvent>;

/**
 * First on GET /api/events, once the stream follows the caller: no change of the caller's
 * profile, services or orders was notified for `quiet_ms` before it (at most a minute, and never
 * further back than the API's own listening).
 */
export const ReadyEvent = z.object({ quiet_ms: z.optional(z.number()) });
export type ReadyEvent = z.infer<typeof ReadyEvent>;

/** Pushed on GET /api/events when one of the caller's lists changes (admin, expiry job, another tab). */
// "support": one of the caller's support tickets changed (a staff reply, a status); "accounts": the
// account's founder was suspended or made active again, or a membership of it or of the caller
// changed. A shell that predates a topic ignores it.
export const DataChangedEvent = z.object({
  topic: z.enum(["services", "orders", "support", "accounts"]),
});
export type DataChangedEvent = z.infer<typeof DataChangedEvent>;
