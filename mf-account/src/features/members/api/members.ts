import {
  AcceptedInvitation,
  type AccountRole,
  Invitation,
  InvitationPreview,
  type InviteMemberBody,
  Member,
  MemberList,
} from "@contracts/members.ts";
import { api, queryKeys, useMemberships } from "@hosting-portal/shared-ui";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** GET the invitation a link offers; under `account` like the rest of the members' reads. */
export const invitationPreviewKey = (token: string | null) =>
  [...queryKeys.account.all, "invitation-preview", token] as const;

/** GET /api/account/members: the session's account's members and (owner) open invitations. */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.members,
    queryFn: ({ signal }) => api.get("/api/account/members", MemberList, { signal }),
  });
export const useMembers = () => useQuery(membersQueryOptions());

/** The caller's role in the account this session acts on (undefined while loading). */
export const useMyRole = (): AccountRole | null | undefined => {
  const memberships = useMemberships();
  if (!memberships.data) return undefined;
  return memberships.data.find((a) => a.active)?.role ?? null;
};

const useInvalidating = <V, R>(fn: (v: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
};

export const useInviteMember = () =>
  useInvalidating((body: InviteMemberBody) =>
    api.post("/api/account/members/invitations", body, Invitation),
  );

export const useRevokeInvitation = () =>
  useInvalidating((id: string) => api.delete(`/api/account/members/invitations/${id}`));

export const useChangeMemberRole = () =>
  useInvalidating(({ userId, role }: { userId: string; role: AccountRole }) =>
    api.patch(`/api/account/members/${userId}`, { role }, Member),
  );

export const useRemoveMember = () =>
  useInvalidating((userId: string) => api.delete(`/api/account/members/${userId}`));

export const useLeaveAccount = () =>
  useInvalidating(() => api.post("/api/account/members/leave", {}));

export const previewInvitation = (token: string) =>
  api.post("/api/invitations/preview", { token }, InvitationPreview);

export const useAcceptInvitation = () =>
  useInvalidating((token: string) =>
    api.post("/api/invitations/accept", { token }, AcceptedInvitation),
  );
