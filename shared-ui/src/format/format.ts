/**
 * Money arrives as a decimal string ("12.5" or "12.50"); it is formatted without ever doing
 * float arithmetic on it. Unknown or malformed values read "0.00" (SPEC §2 top bar).
 */
export function formatMoney(value: string | null | undefined): string {
  if (!value) return "0.00";
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return "0.00";
  const [, sign, int, frac = ""] = m;
  return `${sign}${int}.${frac.padEnd(2, "0").slice(0, 2)}`;
}

/** SPEC §9: ids are shown shortened to 8 characters (16 on the service page). */
export function shortId(id: string, length = 8): string {
  return id.slice(0, length);
}
