import { AdminAccountMembers } from "@contracts/members.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";

/** Under the users' admin key: an admin change of users reads the members again too. */
export const accountMembersKey = (accountId: string) =>
  [...queryKeys.users.admin, "account-members", accountId] as const;

/** GET /api/admin/accounts/{id}/members: the account a user founded (same id), its members. */
export const useAccountMembers = (accountId: string) =>
  useQuery({
    queryKey: accountMembersKey(accountId),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/accounts/${accountId}/members`, AdminAccountMembers, { signal }),
  });
