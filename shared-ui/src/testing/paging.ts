import type { MockApi, MockRequest, RouteHandler } from "./mock-api";

/**
 * A cursor-paged list route over `rows()` (read at each request, so a test can change the rows
 * between pages), answering `{ [key]: rows, next_cursor }` as the API's lists do: pages of
 * `pageSize` rows, or of the request's `limit`. The cursor is the next row's index, or, with
 * `cursorOf`, the value of the page's last row (e.g. its id), which the next request names.
 */
export function pagedList<T>(
  key: string,
  rows: () => T[],
  opts: { pageSize?: number; cursorOf?: (row: T) => string } = {},
): RouteHandler {
  return (req: MockRequest) => {
    const all = rows();
    const size = opts.pageSize ?? Number(req.url.searchParams.get("limit"));
    const cursor = req.url.searchParams.get("cursor");
    const { cursorOf } = opts;
    let start = 0;
    if (cursor)
      start = cursorOf ? all.findIndex((r) => cursorOf(r) === cursor) + 1 : Number(cursor);
    const page = all.slice(start, start + size);
    const more = start + size < all.length;
    const last = page[page.length - 1];
    const next = cursorOf && last !== undefined ? cursorOf(last) : String(start + size);
    return { [key]: page, next_cursor: more ? next : null };
  };
}

/** The query of each request to `route`, without the page size: what the page asked for. */
export const listQueries = (net: MockApi, route: string): string[] =>
  net.callsTo(route).map((c) => {
    const params = new URLSearchParams(c.url.search);
    params.delete("limit");
    return params.toString();
  });
