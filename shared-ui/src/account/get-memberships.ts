import { AccountList } from "@contracts/members.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../query/query-keys";
import { api } from "../session/session-api";

/**
 * GET /api/account/accounts: the accounts the person belongs to, each with their role, which one
 * the session acts on (`active`) and whether it is suspended. The shell's account switcher and
 * suspended-account banner and mf-account's Members section read it; the `accounts` topic of the
 * event stream reads it again.
 */
export const membershipsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.memberships,
    queryFn: ({ signal }) => api.get("/api/account/accounts", AccountList, { signal }),
    select: (d) => d.accounts,
  });

export const useMemberships = () => useQuery(membershipsQueryOptions());
