import { ADMIN_PAGE_DEFAULT, adminMessages } from "../../contracts/admin.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { HttpError } from "../http-error.ts";

/**
 * Keyset pagination for the admin lists (issue 18). A cursor is the base64url of a JSON array:
 * the list's name, then the last row's sort key values as text (exact, e.g. a timestamptz with its
 * microseconds) and its id. Each list orders by its key with the id as tie-breaker and asks for
 * rows strictly after the cursor's key, so pages never overlap and rows inserted between requests
 * cannot shift the rows that existed into a page already read.
 */
export type ListName = "users" | "services" | "orders" | "products";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/;

const invalidCursor = () => new HttpError(422, ErrorCode.validation, adminMessages.cursorInvalid);

export function encodeCursor(list: ListName, key: string[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify([list, ...key]));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The key values of a cursor made by encodeCursor for this list; anything else is a 422. */
export function decodeCursor(list: ListName, cursor: string, shape: readonly RegExp[]): string[] {
  let parsed: unknown;
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    parsed = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(
        Uint8Array.from(binary, (c) => c.charCodeAt(0)),
      ),
    );
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== list || parsed.length !== shape.length + 1)
    throw invalidCursor();
  const key = parsed.slice(1);
  // Postgres refuses U+0000 in text: such a key could only come from a forged cursor.
  if (!key.every((v, i) => typeof v === "string" && !v.includes("\0") && shape[i]!.test(v)))
    throw invalidCursor();
  return key as string[];
}

export const cursorShapes = {
  /** created_at (timestamptz as text), id */
  newestFirst: [TIMESTAMP, UUID],
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

/** Splits the limit+1 rows a query fetched into the page and the cursor of its last row. */
export function toPage<R>(rows: R[], limit: number, list: ListName, key: (row: R) => string[]) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next_cursor: rows.length > limit && last ? encodeCursor(list, key(last)) : null };
}
