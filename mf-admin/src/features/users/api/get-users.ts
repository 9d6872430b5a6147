import { AdminUserList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The list comes a page at a time (issue 18); these screens show all of it, so the pages are
 * followed to the end (no page repeats or misses a row, even if rows are added meanwhile).
 */
export const getUsers = async (signal?: AbortSignal): Promise<AdminUserList> => {
  const first = await api.get("/api/admin/users", AdminUserList, { signal });
  const users = [...first.users];
  let cursor = first.next_cursor;
  while (cursor) {
    const page = await api.get(
      `/api/admin/users?cursor=${encodeURIComponent(cursor)}`,
      AdminUserList,
      { signal },
    );
    users.push(...page.users);
    cursor = page.next_cursor;
  }
  return { users, next_cursor: null };
};

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.admin,
    queryFn: ({ signal }) => getUsers(signal),
    select: (data) => data.users,
  });

/** SPEC §7: all profiles, newest first, with credits. */
export const useUsers = () => useQuery(usersQueryOptions());
