import { ADMIN_PAGE_DEFAULT } from "@contracts/admin.ts";
import { useSearchParams } from "@hosting-portal/router";
import type { useT } from "../i18n";

/**
 * The admin lists come a page at a time and are searched on the server, so they stay fast at
 * 100,000 customers. What an admin searches for lives in the URL (`?q=...&status=...`), so a link can be shared and Back works.
 */

/** Rows asked for per page: the API's default page. */
export const PAGE_SIZE = ADMIN_PAGE_DEFAULT;

/**
 * "Load more" stops after this many pages: a page never renders thousands of rows, and past
 * 500 rows a search finds a row faster than scrolling does.
 */
export const MAX_LOADED_PAGES = 10;

/** One filter of a list: a URL parameter the API takes, offered as a select above the list. */
export interface ListFilter {
  /** The URL and API parameter, e.g. "status". */
  name: string;
  label: string;
  /** The choice meaning "no filter" (value ""), e.g. "All statuses". */
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  /** Values the API takes beyond `options` (a shared link may carry one); default: none. */
  accepts?: (value: string) => boolean;
}

/** A list's translate function (the page's language), for the labels of its filters. */
type Translate = ReturnType<typeof useT>;

/** The `type` filter of the product and service lists, in the page's language. */
export const typeFilter = (t: Translate): ListFilter => ({
  name: "type",
  label: t("list.filterType"),
  anyLabel: t("list.allTypes"),
  options: [
    { value: "vps", label: t("type.vps") },
    { value: "dedicated", label: t("type.dedicated") },
  ],
});

/**
 * The `status` filter of a list whose rows take `statuses`, each offered by its label in the
 * page's language ("Provisioning failed" for a service's `failed`).
 */
export const statusFilter = <S extends string>(
  statuses: readonly S[],
  labels: Readonly<Record<S, string>>,
  t: Translate,
): ListFilter => ({
  name: "status",
  label: t("list.filterStatus"),
  anyLabel: t("list.allStatuses"),
  options: statuses.map((value) => ({ value, label: labels[value] })),
});

/** The search text and filter values of a list, as the API takes them: no empty values. */
export type ListQuery = Readonly<Record<string, string>>;

export interface ListParams {
  /** The search text of the URL ("" when none). */
  q: string;
  /** The valid filter values of the URL by name ("" when not set). */
  values: Readonly<Record<string, string>>;
  /** What the API is asked for: q and the set filters. */
  query: ListQuery;
  /** Whether a search or filter narrows the list (so an empty list means "no match"). */
  isFiltered: boolean;
  /**
   * Writes the search text. A new search pushes a history entry (Back returns to the whole
   * list); refining one replaces it, so Back does not walk through every word typed.
   */
  setQ: (q: string) => void;
  /** Writes one filter value (a history entry of its own). */
  setFilter: (name: string, value: string) => void;
  /** Removes the search and every filter. */
  clear: () => void;
}

/**
 * A list's search text, valid filter values and API query as a URL's search holds them (what
 * useListParams reads, and what a page's prefetch asks for before the page renders).
 */
export function readListParams(
  params: URLSearchParams,
  filters: readonly ListFilter[],
): Pick<ListParams, "q" | "values" | "query"> {
  const q = (params.get("q") ?? "").trim();
  const values: Record<string, string> = {};
  const query: Record<string, string> = {};
  if (q) query.q = q;
  for (const f of filters) {
    const raw = params.get(f.name) ?? "";
    const valid = f.options.some((o) => o.value === raw) || (f.accepts?.(raw) ?? false);
    values[f.name] = valid ? raw : "";
    if (valid && raw) query[f.name] = raw;
  }
  return { q, values, query };
}

/**
 * Reads and writes a list's search and filters in the URL. Values the API would refuse (a
 * mistyped status in a hand-edited link) are ignored rather than turned into a 422.
 */
export function useListParams(filters: readonly ListFilter[]): ListParams {
  const [params, setParams] = useSearchParams();
  const { q, values, query } = readListParams(params, filters);
  const write = (changes: Record<string, string>, replace: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace },
    );
  return {
    q,
    values,
    query,
    isFiltered: Object.keys(query).length > 0,
    setQ: (text) => write({ q: text.trim() }, q !== ""),
    setFilter: (name, value) => write({ [name]: value }, false),
    clear: () =>
      write(Object.fromEntries(["q", ...filters.map((f) => f.name)].map((n) => [n, ""])), false),
  };
}

/** The API path of one page of a list: the query, then the cursor of the previous page. */
export function listPath(path: string, query: ListQuery, cursor: string | null): string {
  const params = new URLSearchParams({ ...query, limit: String(PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return `${path}?${params}`;
}
