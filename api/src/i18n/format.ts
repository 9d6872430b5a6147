import type { Locale } from "../../contracts/i18n/locales.ts";

/**
 * Money, dates and numbers of mails and documents per locale, through Intl. English keeps the
 * texts it always had (SPEC: "12.50 EUR", dates as yyyy-mm-dd); the others use their region's
 * conventions (12,50 € in German and French, € 12,50 in Dutch).
 */
const REGIONS: Partial<Record<Locale, string>> = { de: "de-DE", fr: "fr-FR", nl: "nl-NL" };
/** The Intl locale of a language: its usual region, else the language's own default. */
const region = (locale: Locale) => REGIONS[locale] ?? locale;

const moneyFormats = new Map<Locale, Intl.NumberFormat>();
const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A money string of the API ("1234.50", exact) in the locale's currency format. */
export function formatMoney(amount: string, locale: Locale): string {
  if (locale === "en") return `${amount} EUR`;
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(region(locale), { style: "currency", currency: "EUR" });
    moneyFormats.set(locale, format);
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
  return format.format(amount as Intl.StringNumericLiteral);
}

/** A date and time in UTC (mails are read far from the reader's zone), marked as such. */
export function formatDateTime(date: Date | string, locale: Locale): string {
  const d = new Date(date);
  if (locale === "en") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  }
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(region(locale), {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "UTC",
    });
    dateTimeFormats.set(locale, format);
  }
  return `${format.format(d)} UTC`;
}

/** A calendar date (UTC) of a document: 27.11.2026, 27/11/2026, 27-11-2026; English yyyy-mm-dd. */
export function formatDate(date: Date | string, locale: Locale): string {
  const d = new Date(date);
  if (locale === "en") return d.toISOString().slice(0, 10);
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(region(locale), {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(d);
}

const decimalFormats = new Map<Locale, Intl.NumberFormat>();

/** A money string as a plain number with two decimals ("1.234,50"), for a column headed EUR. */
export function formatDecimal(amount: string, locale: Locale): string {
  if (locale === "en") return amount;
  let format = decimalFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(region(locale), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    decimalFormats.set(locale, format);
  }
  return format.format(amount as Intl.StringNumericLiteral);
}

/** A VAT rate ("19.00", "25.50") as the locale writes a percentage: "19 %", "25,5 %", "19%". */
export function formatPercent(rate: string, locale: Locale): string {
  if (locale === "en") return `${rate}%`;
  return new Intl.NumberFormat(region(locale), {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(Number(rate) / 100);
}
