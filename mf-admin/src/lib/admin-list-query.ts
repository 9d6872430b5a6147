import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ListQuery } from "./admin-list";

/** One page of an admin list as the API answers it: its rows, and the cursor of the next page. */
export interface CursorPage {
  next_cursor: string | null;
}

/** Fetches the page of a list matching `query` after `cursor` (null: the first page). */
export type PageFetcher<P extends CursorPage> = (
  query: ListQuery,
  cursor: string | null,
  signal?: AbortSignal,
) => Promise<P>;

/**
 * The key of an admin list's loaded pages for one search: below the resource's admin key
 * (`queryKeys.<resource>.admin`), so an admin write invalidates it, and React Query then refetches
 * every loaded page in place (the list keeps its length and scroll).
 */
export const listPagesKey = (adminKey: readonly string[], query: ListQuery) =>
  [...adminKey, "pages", query] as const;

/** The pages of an admin list loaded so far (see listPagesKey). */
export const listPagesQueryOptions = <P extends CursorPage>(
  adminKey: readonly string[],
  fetchPage: PageFetcher<P>,
  query: ListQuery,
) =>
  infiniteQueryOptions({
    queryKey: listPagesKey(adminKey, query),
    queryFn: ({ pageParam, signal }) => fetchPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** An admin list a page at a time; a new search keeps the old rows until it answers. */
export const useListPages = <P extends CursorPage>(
  adminKey: readonly string[],
  fetchPage: PageFetcher<P>,
  query: ListQuery,
) =>
  useInfiniteQuery({
    ...listPagesQueryOptions(adminKey, fetchPage, query),
    placeholderData: keepPreviousData,
  });

/**
 * Every row of a list, all pages followed to the end, for the pickers of the admin dialogs. It
 * does not scale to a large customer base; a searchable picker over the pages would.
 */
export async function fetchAllRows<P extends CursorPage, T>(
  fetchPage: PageFetcher<P>,
  rowsOf: (page: P) => T[],
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const page: P = await fetchPage({}, cursor, signal);
    rows.push(...rowsOf(page));
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}
