/*
 * The portal's display formats (SPEC §2, §9), one function each. Every app formats dates, money
 * and short ids through these, never with its own Intl / toFixed / slice. English keeps SPEC's
 * formats exactly; the other languages use their own conventions through Intl, in the page's
 * language at the moment of the call (the locale store, src/i18n).
 */
import { type Locale, localeStore } from "../i18n/locale-store";
import { sharedMessages } from "../i18n/shared-messages";

/** The region whose conventions each language's formats follow (the portal sells in the EU). */
const FORMAT_LOCALE: Partial<Record<Locale, string>> = { de: "de-DE", fr: "fr-FR", nl: "nl-NL" };
/** Null for English (SPEC's own formats); a language without an entry uses its default region. */
const intlLocale = (locale: Locale): string | null =>
  locale === "en" ? null : (FORMAT_LOCALE[locale] ?? locale);

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** A valid Date from an ISO timestamp or a Date, else null. */
function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === "") return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * SPEC §2: 'MMM dd, yyyy HH:mm' ('Nov 22, 2026 14:05'), in the viewer's time zone, 24-hour
 * clock from 00:00 to 23:59, English month names whatever the browser's locale. Read from the
 * Date's local fields, so it follows the time zone the browser runs in at the moment of the
 * call. An unknown or malformed value reads "".
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "";
  const intl = intlLocale(localeStore.get());
  if (intl)
    return cached(
      `dt:${intl}`,
      () =>
        new Intl.DateTimeFormat(intl, {
          day: "2-digit",
          month: "short",
          year: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }),
    ).format(d);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The date part of the same format, 'MMM dd, yyyy' (for a day, not a moment), same rules. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "";
  const intl = intlLocale(localeStore.get());
  if (intl)
    return cached(
      `d:${intl}`,
      () => new Intl.DateTimeFormat(intl, { day: "2-digit", month: "short", year: "numeric" }),
    ).format(d);
  return `${MONTHS[d.getMonth()]} ${pad(d.getDate())}, ${d.getFullYear()}`;
}

/**
 * Money arrives as a decimal string ("12.5" or "12.50"); it is formatted without ever doing
 * float arithmetic on it. Unknown or malformed values read "0.00" (SPEC §2 top bar).
 * The number alone: to show an amount, use `formatEur`.
 */
export function formatMoney(value: string | null | undefined): string {
  if (!value) return "0.00";
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return "0.00";
  const [, sign, int, frac = ""] = m;
  return `${sign}${int}.${frac.padEnd(2, "0").slice(0, 2)}`;
}

/**
 * SPEC §2, §9: an amount with two decimals followed by EUR ("12.50 EUR", "-4.99 EUR", "0.00 EUR");
 * in the other languages their own way of writing euros ("12,50 €" in German, "€ 12,50" in Dutch).
 * Intl reads the decimal string exactly (no float on the way).
 */
export function formatEur(value: string | null | undefined): string {
  const amount = formatMoney(value);
  const intl = intlLocale(localeStore.get());
  if (!intl) return `${amount} EUR`;
  return cached(
    `eur:${intl}`,
    () => new Intl.NumberFormat(intl, { style: "currency", currency: "EUR" }),
  ).format(amount as unknown as number);
}

/** A number in the page's language's digits and separators ("1,234.5" / "1.234,5"). */
export function formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string {
  const intl = intlLocale(localeStore.get()) ?? "en-US";
  return cached(
    `n:${intl}:${JSON.stringify(options ?? {})}`,
    () => new Intl.NumberFormat(intl, options),
  ).format(value);
}

/** SPEC §9: ids are shown shortened to 8 characters. */
const SHORT_ID_LENGTH = 8;
/** SPEC §2: the service page shows the service id shortened to 16 characters. */
const SERVICE_ID_LENGTH = 16;

/**
 * SPEC §9: an id shortened to 8 characters ('1a2b3c4d'). `length` is kept for callers built
 * against earlier releases; the service page uses `shortServiceId`.
 */
export function shortId(id: string, length: number = SHORT_ID_LENGTH): string {
  return id.slice(0, length);
}

/** SPEC §2 service page: the service id shortened to 16 characters ('1a2b3c4d-5e6f-47'). */
export function shortServiceId(id: string): string {
  return shortId(id, SERVICE_ID_LENGTH);
}

/**
 * A service's CPU, RAM and storage as shown to people. SPEC §5: VPS sizes are entered as plain
 * numbers (cores, GB), which get their unit in the page's language ("2 cores", "2 Kerne",
 * "80 Go"); dedicated ones, and anything already carrying its unit, are free text and stay as
 * entered.
 */
export function serviceSpecs(s: {
  service_type: "vps" | "dedicated";
  cpu: string;
  ram: string;
  storage: string;
}): { cpu: string; ram: string; storage: string } {
  const plain = (v: string) => s.service_type === "vps" && /^\d+$/.test(v.trim());
  const gigabytes = (v: string) =>
    plain(v) ? sharedMessages.t("specs.gigabytes", { size: v.trim() }) : v;
  return {
    cpu: plain(s.cpu) ? sharedMessages.t("specs.cores", { count: Number(s.cpu.trim()) }) : s.cpu,
    ram: gigabytes(s.ram),
    storage: gigabytes(s.storage),
  };
}

/**
 * A decimal number as typed in the page's language ("12,50" on a German page) in the form the
 * contracts parse ("12.50"): the language's decimal comma becomes a point. Anything else comes
 * back trimmed and otherwise unchanged, so the contract refuses it with its own message. English
 * pages take only the point, as SPEC's amounts are written.
 */
export function decimalInput(text: string): string {
  const typed = text.trim();
  const intl = intlLocale(localeStore.get());
  if (!intl) return typed;
  const comma =
    cached(`n:${intl}:{}`, () => new Intl.NumberFormat(intl))
      .formatToParts(1.5)
      .find((p) => p.type === "decimal")?.value === ",";
  return comma && /^\d+,\d+$/.test(typed) ? typed.replace(",", ".") : typed;
}
