import { AccountList } from "@contracts/members.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions } from "@tanstack/react-query";

/**
 * The accounts the person belongs to, each with their role, which one the session acts on and
 * whether it is suspended (the account switcher, the suspended-account banner; mf-account's
 * Members section reads the same key).
 */
export const membershipsQuery = queryOptions({
  queryKey: queryKeys.account.memberships,
  queryFn: ({ signal }) => api.get("/api/account/accounts", AccountList, { signal }),
  select: (d) => d.accounts,
});
