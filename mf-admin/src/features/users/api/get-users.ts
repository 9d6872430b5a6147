import { AdminUserList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getUsers = (signal?: AbortSignal) =>
  api.get("/api/admin/users", AdminUserList, { signal });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.admin,
    queryFn: ({ signal }) => getUsers(signal),
    select: (data) => data.users,
  });

/** SPEC §7: all profiles, newest first, with credits. */
export const useUsers = () => useQuery(usersQueryOptions());
