import { AdminUserList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ListQuery, listPath } from "../../../lib/admin-list";
import { fetchAllRows, listPagesQueryOptions, useListPages } from "../../../lib/admin-list-query";

/** One page of users matching `query` (see AdminUserQuery), after `cursor`. */
export const getUserPage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/users", query, cursor), AdminUserList, { signal });

/** SPEC §7: profiles newest first, a page at a time. */
export const userPagesQueryOptions = (query: ListQuery) =>
  listPagesQueryOptions(queryKeys.users.admin, getUserPage, query);

export const useUserPages = (query: ListQuery) =>
  useListPages(queryKeys.users.admin, getUserPage, query);

/** Every user: the Create service dialog's user picker. */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.admin,
    queryFn: ({ signal }) => fetchAllRows(getUserPage, (page) => page.users, signal),
  });

export const useUsers = () => useQuery(usersQueryOptions());
