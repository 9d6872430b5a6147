import { AdminUserList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { type ListQuery, listPath } from "../../../lib/admin-list";

/** One page of users matching `query` (see AdminUserQuery), after `cursor`. */
export const getUserPage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/users", query, cursor), AdminUserList, { signal });

/**
 * The pages loaded so far, under the admin users key: an admin write invalidates it, and React
 * Query then refetches every loaded page in place (the list keeps its length and scroll).
 */
export const userPagesQueryOptions = (query: ListQuery) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.users.admin, "pages", query],
    queryFn: ({ pageParam, signal }) => getUserPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** SPEC §7: profiles newest first, a page at a time; a new search keeps the old rows until it answers. */
export const useUserPages = (query: ListQuery) =>
  useInfiniteQuery({ ...userPagesQueryOptions(query), placeholderData: keepPreviousData });

/**
 * Every user, all pages followed to the end: the Create service dialog's user picker. It does not
 * scale to a large customer base (issue 18); a searchable picker over `useUserPages` would.
 */
export const getUsers = async (signal?: AbortSignal): Promise<AdminUserList> => {
  const users: AdminUserList["users"] = [];
  let cursor: string | null = null;
  do {
    const page: AdminUserList = await getUserPage({}, cursor, signal);
    users.push(...page.users);
    cursor = page.next_cursor;
  } while (cursor);
  return { users, next_cursor: null };
};

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.admin,
    queryFn: ({ signal }) => getUsers(signal),
    select: (data) => data.users,
  });

export const useUsers = () => useQuery(usersQueryOptions());
