import { AdminServiceList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type ListQuery, listPath } from "../../../lib/admin-list";

/** One page of services matching `query` (see AdminServiceQuery), after `cursor`. */
export const getServicePage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/services", query, cursor), AdminServiceList, { signal });

/**
 * The pages loaded so far, under the admin services key: an admin write invalidates it, and React
 * Query then refetches every loaded page in place (the list keeps its length and scroll).
 */
export const servicePagesQueryOptions = (query: ListQuery) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.services.admin, "pages", query],
    queryFn: ({ pageParam, signal }) => getServicePage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/**
 * SPEC §7: services with the owner's username/email and the order link, newest first, a page at a
 * time; a new search keeps the old rows until it answers.
 */
export const useServicePages = (query: ListQuery) =>
  useInfiniteQuery({ ...servicePagesQueryOptions(query), placeholderData: keepPreviousData });
