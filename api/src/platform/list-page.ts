import { ErrorCode } from "../../contracts/errors.ts";
import { listPageMessages } from "../../contracts/list-page.ts";
import { HttpError } from "./http-error.ts";

/**
 * Keyset pagination, for the admin lists and the customer's own lists. A cursor is the
 * base64url of a JSON array: the list's name, then the last row's sort key values as text (exact,
 * e.g. a timestamptz with its microseconds) and its id. Each list orders by its key with the id
 * as tie-breaker and asks for rows strictly after the cursor's key, so pages never overlap and
 * rows inserted between requests cannot shift the rows that existed into a page already read.
 * The list's name in the cursor makes a cursor of one list a 422 on another.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/;

/** The key of a newest-first list: created_at (timestamptz as text), id. */
export const newestFirstShape = [TIMESTAMP, UUID] as const;

const invalidCursor = () =>
  new HttpError(422, ErrorCode.validation, listPageMessages.cursorInvalid);

export function encodeCursor(list: string, key: string[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify([list, ...key]));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The key values of a cursor made by encodeCursor for this list; anything else is a 422. */
export function decodeCursor(list: string, cursor: string, shape: readonly RegExp[]): string[] {
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

/** Splits the limit+1 rows a query fetched into the page and the cursor of its last row. */
export function toPage<R>(rows: R[], limit: number, list: string, key: (row: R) => string[]) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next_cursor: rows.length > limit && last ? encodeCursor(list, key(last)) : null };
}
