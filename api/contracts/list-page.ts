import { z } from "zod/mini";
import { preprocess } from "./common.ts";

/**
 * Keyset pages of the customer's own lists, so a long history never loads at once:
 * GET /api/billing/transactions and GET /api/shop/orders answer one page and the `next_cursor` of
 * the next one. The admin lists (contracts/admin.ts) use the same cursors.
 */
export const listPageMessages = {
  cursorInvalid: "Invalid cursor: pass the next_cursor of the previous page unchanged",
} as const;

/** Rows per page when the request gives no `limit`. */
export const PAGE_DEFAULT = 50;

/** An empty query parameter (`?q=`, a form's cleared filter) means the parameter is not given. */
export const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** The longest search text a list takes. */
export const SEARCH_TEXT_MAX = 200;

/** `q` of a searchable list: trimmed, empty means no search. Each list describes what it matches. */
export const SearchText = preprocess(
  emptyToUndefined,
  z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_TEXT_MAX))),
);

/** `cursor` of a list query: opaque, the `next_cursor` of the previous page. */
export const CursorParam = preprocess(
  // `?cursor=` (empty) means the first page, as in the admin lists.
  emptyToUndefined,
  z.optional(
    z
      .string()
      .check(
        z.maxLength(2000, listPageMessages.cursorInvalid),
        z.regex(/^[A-Za-z0-9_-]+$/, listPageMessages.cursorInvalid),
      ),
  ),
).check(z.describe("Opaque: the next_cursor of the previous page; omit for the first page"));

/**
 * Pass as `cursor` for the next page; null on the last page. Defaults to null so that a web app
 * reading an API from before pagination (no next_cursor) takes its answer as one complete page.
 */
export const NextCursor = z._default(z.nullable(z.string()), null);
