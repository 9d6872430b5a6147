import { ADMIN_PAGE_DEFAULT } from "../../contracts/admin.ts";
import { newestFirstShape } from "../platform/list-page.ts";

/** Keyset pagination of the admin lists: the cursors of ../list-page.ts. */
export { decodeCursor, encodeCursor, toPage } from "../platform/list-page.ts";
export type ListName = "users" | "services" | "orders" | "products";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const cursorShapes = {
  /** created_at (timestamptz as text), id */
  newestFirst: newestFirstShape,
  /** product_type, price, name, id */
  products: [/^(vps|dedicated)$/, /^\d{1,10}\.\d{2}$/, /^[\s\S]{1,500}$/, UUID],
} as const;

export const pageSize = (limit: number | undefined) => limit ?? ADMIN_PAGE_DEFAULT;

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The uuid range [low, high] of ids starting with this text (hex digits, dashes ignored), so an id
 * prefix search is a range on the primary key instead of a scan of id::text. Null if the text
 * cannot be the start of an id.
 */
export function idPrefixRange(q: string): [string, string] | null {
  const hex = q.toLowerCase().replaceAll("-", "");
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const fmt = (h: string) =>
    `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [fmt(hex.padEnd(32, "0")), fmt(hex.padEnd(32, "f"))];
}
