import { Button, EmptyState, Skeleton, TextField } from "@hosting-portal/shared-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "../i18n";
import {
  type ListFilter,
  type ListParams,
  type ListQuery,
  MAX_LOADED_PAGES,
  useListParams,
} from "./admin-list";
import * as styles from "./admin-list.css";
import { SelectField } from "./select-field";

/** Typing waits this long for a pause before it searches (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What a list holds, for the texts around it ("1 user", "50 users"): the messages choose each
 * language's word (and its plural) by this key.
 */
export type ListNoun = "user" | "order" | "service" | "product" | "invoice";

/** The search field and the filters above an admin list, both kept in the URL. */
export function ListToolbar({
  params,
  filters,
  searchLabel,
  searchDescription,
}: {
  params: ListParams;
  filters: readonly ListFilter[];
  searchLabel: string;
  /** What the search matches, e.g. "Username, email or the start of the id". */
  searchDescription: string;
}) {
  const [text, setText] = useState(params.q);
  // The search text the URL holds as far as this field knows: what it wrote last, or what it read
  // when the URL changed under it (Back, Clear search, a shared link), so it can tell the two apart.
  const synced = useRef(params.q);
  const setQ = useRef(params.setQ);
  setQ.current = params.setQ;

  useEffect(() => {
    if (params.q === synced.current) return;
    synced.current = params.q;
    setText(params.q);
  }, [params.q]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === synced.current) return;
    const timer = setTimeout(() => {
      synced.current = wanted;
      setQ.current(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to jsdom.
    <div role="search" className={styles.toolbar}>
      <TextField
        className={styles.search}
        type="search"
        label={searchLabel}
        description={searchDescription}
        value={text}
        onChange={setText}
        maxLength={200}
      />
      {filters.map((f) => (
        <div key={f.name} className={styles.filter}>
          <SelectField
            label={f.label}
            name={f.name}
            value={params.values[f.name] ?? ""}
            onChange={(value) => params.setFilter(f.name, value)}
            placeholder={f.anyLabel}
            options={[
              ...f.options,
              // A value from a shared link that the API takes but the choices do not list.
              ...(params.values[f.name] && !f.options.some((o) => o.value === params.values[f.name])
                ? [{ value: params.values[f.name]!, label: params.values[f.name]! }]
                : []),
            ]}
          />
        </div>
      ))}
    </div>
  );
}

/** What ListBody reads of a `useInfiniteQuery` result over an admin list's pages. */
export interface ListPages<P> {
  data?: { pages: P[] };
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * An admin list's body: loading, the error with Retry, the rows loaded so far (`children` renders
 * the table), the empty-search text, and the count with "Load more".
 */
export function ListBody<P, T>({
  pages,
  rowsOf,
  params,
  noun,
  errorTitle,
  children,
}: {
  pages: ListPages<P>;
  rowsOf: (page: P) => T[];
  params: ListParams;
  noun: ListNoun;
  /** SPEC-style "Could not load users". */
  errorTitle: string;
  children: (rows: T[]) => ReactNode;
}) {
  const t = useT();
  const rows = pages.data?.pages.flatMap(rowsOf) ?? [];
  // A new search shows the previous rows until it answers; previous rows that were "no match"
  // would read as the answer to the new search, so that wait shows as loading instead.
  if (pages.isPending || (pages.isPlaceholderData && rows.length === 0))
    return <Skeleton height="240px" />;
  if (pages.isError && rows.length === 0)
    return (
      <EmptyState
        title={errorTitle}
        description={pages.error?.message}
        action={<Button onPress={() => pages.refetch()}>{t("list.retry")}</Button>}
      />
    );
  if (rows.length === 0 && params.isFiltered) return <NoMatches noun={noun} params={params} />;
  return (
    <>
      {children(rows)}
      {/* A failed refresh or Load more keeps the rows already shown (and the scroll) in place. */}
      {pages.isError && (
        <div className={styles.footer} role="alert">
          <p>
            {errorTitle}: {pages.error?.message}
          </p>
          <Button variant="secondary" onPress={() => pages.refetch()}>
            {t("list.retry")}
          </Button>
        </div>
      )}
      <ListFooter
        noun={noun}
        shown={rows.length}
        pages={pages.data?.pages.length ?? 0}
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        fetchNextPage={pages.fetchNextPage}
      />
    </>
  );
}

/**
 * Below a list: how many rows are shown and whether more exist (the API counts nothing, issue
 * 18), and "Load more" until MAX_LOADED_PAGES pages are loaded.
 */
export function ListFooter({
  noun,
  shown,
  pages,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  noun: ListNoun;
  shown: number;
  pages: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const t = useT();
  if (shown === 0) return null;
  const capped = hasNextPage && pages >= MAX_LOADED_PAGES;
  const counted = { count: shown, noun };
  return (
    <div className={styles.footer}>
      <p role="status">
        {capped
          ? t("list.showingFirst", counted)
          : t(hasNextPage ? "list.showingMore" : "list.showing", counted)}
      </p>
      {hasNextPage && !capped && (
        <Button variant="secondary" onPress={() => fetchNextPage()} isPending={isFetchingNextPage}>
          {t("list.loadMore")}
        </Button>
      )}
    </div>
  );
}

/**
 * When a search or filter finds nothing. Distinct from the list's own empty text (SPEC), which
 * says that there is nothing at all.
 */
export function NoMatches({ noun, params }: { noun: ListNoun; params: ListParams }) {
  const t = useT();
  const filtered = Object.keys(params.query).some((name) => name !== "q");
  const title = params.q
    ? t(filtered ? "list.noMatchSearchFiltered" : "list.noMatchSearch", { noun, q: params.q })
    : t("list.noMatchFilters", { noun });
  return (
    <EmptyState
      title={title}
      description={t(params.q ? "list.checkSearch" : "list.checkFilters", { noun })}
      action={
        <Button variant="secondary" onPress={params.clear}>
          {t(
            params.q
              ? filtered
                ? "list.clearSearchAndFilters"
                : "list.clearSearch"
              : "list.clearFilters",
          )}
        </Button>
      }
    />
  );
}

/** What an admin list is: its filters, how its pages load, and what it holds. */
export interface SearchableListProps<P, T> {
  filters: readonly ListFilter[];
  /** The list's page query hook over the search and filters (e.g. useUserPages). */
  usePages: (query: ListQuery) => ListPages<P>;
  rowsOf: (page: P) => T[];
  noun: ListNoun;
  /** What the search matches, e.g. "Username, email or the start of the id". */
  searchDescription: string;
  /** Renders the table of the rows loaded so far. */
  children: (rows: T[]) => ReactNode;
}

/** An admin list with its search and filters kept in the URL: the toolbar, then the body. */
export function SearchableList<P, T>({
  filters,
  usePages,
  rowsOf,
  noun,
  searchDescription,
  children,
}: SearchableListProps<P, T>) {
  const t = useT();
  const params = useListParams(filters);
  const pages = usePages(params.query);
  return (
    <>
      <ListToolbar
        params={params}
        filters={filters}
        searchLabel={t("list.search", { noun })}
        searchDescription={searchDescription}
      />
      <ListBody
        pages={pages}
        rowsOf={rowsOf}
        params={params}
        noun={noun}
        errorTitle={t("list.loadFailed", { noun })}
      >
        {children}
      </ListBody>
    </>
  );
}
