import type { Locale } from "@hosting-portal/shared-ui";

/** How far back the month filter offers months (older ones still work from a typed link). */
export const MONTHS_OFFERED = 24;

/** A "YYYY-MM" month, as the invoice list and the CSV export take it. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The month filter's choices, this month first, named in the page's language ("November 2026",
 * "novembre 2026"): invoices are dated by the API in UTC, so the months are counted in UTC too.
 */
export function recentMonths(
  now: Date,
  locale: Locale,
  count = MONTHS_OFFERED,
): { value: string; label: string }[] {
  const monthName = new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const value = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, "0")}`;
    return { value, label: monthName.format(first) };
  });
}
