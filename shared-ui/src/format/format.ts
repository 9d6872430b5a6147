/*
 * The portal's display formats (SPEC §2, §9), one function each. Every app formats dates, money
 * and short ids through these, never with its own Intl / toFixed / slice.
 */

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
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The date part of the same format, 'MMM dd, yyyy' (for a day, not a moment), same rules. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "";
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

/** SPEC §2, §9: an amount with two decimals followed by EUR ("12.50 EUR", "-4.99 EUR", "0.00 EUR"). */
export function formatEur(value: string | null | undefined): string {
  return `${formatMoney(value)} EUR`;
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
 * numbers (cores, GB); dedicated ones, and anything already carrying its unit, are free text.
 */
export function serviceSpecs(s: {
  service_type: "vps" | "dedicated";
  cpu: string;
  ram: string;
  storage: string;
}): { cpu: string; ram: string; storage: string } {
  const plain = (v: string) => s.service_type === "vps" && /^\d+$/.test(v.trim());
  return {
    cpu: plain(s.cpu) ? `${s.cpu.trim()} ${s.cpu.trim() === "1" ? "core" : "cores"}` : s.cpu,
    ram: plain(s.ram) ? `${s.ram.trim()} GB` : s.ram,
    storage: plain(s.storage) ? `${s.storage.trim()} GB` : s.storage,
  };
}
