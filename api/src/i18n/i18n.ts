import type { Context, MiddlewareHandler } from "hono";
import { type Locale, matchLocale } from "../../contracts/i18n/locales.ts";
import { localizeMessage } from "../../contracts/i18n/validation.ts";
import de from "../../contracts/i18n/validation-de.json" with { type: "json" };
import fr from "../../contracts/i18n/validation-fr.json" with { type: "json" };
import nl from "../../contracts/i18n/validation-nl.json" with { type: "json" };
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";

/** The contracts' messages in each language (English is the contracts' own text). */
const catalogs: Record<Locale, Record<string, string>> = { en: {}, de, fr, nl };

/** A contract's English message in `locale`; anything else unchanged. */
export const localizeError = (message: string, locale: Locale) =>
  locale === "en" ? message : localizeMessage(message, catalogs[locale]);

/** The customer's saved language, or null when never chosen (or no such user). */
export async function savedLocale(db: Db, userId: string): Promise<Locale | null> {
  const [row] = await db<{ locale: Locale | null }[]>`
    select locale from profiles where id = ${userId}`;
  return row?.locale ?? null;
}

/**
 * The language of a mail to an address that may have no account yet (an invitation): the saved
 * language of the account with that address, else `senderId`'s (who writes to a colleague likely
 * shares their language), else English.
 */
export async function addressLocale(db: Db, email: string, senderId: string): Promise<Locale> {
  const [row] = await db<{ locale: Locale | null }[]>`
    select coalesce(
      (select locale from profiles where lower(email) = lower(${email}) and locale is not null limit 1),
      (select locale from profiles where id = ${senderId})) as locale`;
  return row?.locale ?? "en";
}

/**
 * The language of an answer: the caller's `Accept-Language` (the pages send the language they
 * show), else the signed-in caller's saved choice (a script sends no header), else English.
 */
export async function requestLocale(c: Context<AppEnv>, db: Db): Promise<Locale> {
  const asked = matchLocale(c.req.header("accept-language"));
  if (asked) return asked;
  const userId = c.get("auth")?.userId;
  return (userId && (await savedLocale(db, userId))) || "en";
}

/**
 * Error answers in the caller's language: the body's `code` stays (clients branch on it), the
 * message of a contract is translated through its id, zod's own messages by zod's locale (the
 * error's `inLocale`), a message built from values (`maxBalanceMessage(max)`) through its
 * template's id (contracts/i18n/message-template.ts).
 * Only error answers are read, so successful ones cost nothing; English answers are left
 * untouched byte for byte.
 */
export function localizedErrors(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get("content-type")?.startsWith("application/json"))
      return;
    let body: { error?: { code?: unknown; message?: unknown } };
    try {
      body = await res.clone().json();
    } catch {
      return;
    }
    const message = body?.error?.message;
    if (typeof message !== "string") return;
    let locale: Locale;
    try {
      locale = await requestLocale(c, db);
    } catch {
      // The database is down (the answer is likely its 503): the English answer still helps.
      return;
    }
    if (locale === "en") {
      try {
        res.headers.append("vary", "Accept-Language");
      } catch {
        // A response with immutable headers: it is no-store anyway.
      }
      return;
    }
    // zod's own messages have no id: the failed validation renders them in the language.
    const own = c.error instanceof HttpError && c.error.message === message && c.error.inLocale;
    const translated = localizeError(own ? await own(locale) : message, locale);
    if (translated === message) return;
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.set("content-language", locale);
    headers.append("vary", "Accept-Language");
    c.res = new Response(
      JSON.stringify({ ...body, error: { ...body.error, message: translated } }),
      { status: res.status, headers },
    );
  };
}
