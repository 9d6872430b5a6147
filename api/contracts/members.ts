import { z } from "zod/mini";
import { Timestamp, Uuid } from "./common.ts";

/**
 * A person's role in an account. `owner`: everything, members and API tokens included;
 * `billing`: top-ups, transactions, invoices, orders and renewals, billing details; `technical`:
 * the services (view, control, server features); `read_only`: view everything, change nothing.
 * The API's table of what each may do is api/src/auth/token-scopes.ts (shared with token scopes).
 */
export const AccountRole = z.enum(["owner", "billing", "technical", "read_only"]);
export type AccountRole = z.infer<typeof AccountRole>;

export const ACCOUNT_ROLES: readonly AccountRole[] = ["owner", "billing", "technical", "read_only"];

export const INVITATION_DAYS = 7;

/** Invitations an account may send per hour (each is a mail to an address the owner typed). */
export const INVITATIONS_PER_HOUR = 20;

export const memberMessages = {
  invalidEmail: "Invalid email address",
  notAMember: "You are not a member of this account",
  roleRefused: "Your role in this account does not allow this request",
  accountSuspended:
    "This account is suspended: its services and orders can be viewed, and support reached, but nothing can be changed",
  memberNotFound: "Member not found",
  accountNotFound: "Account not found",
  invitationNotFound: "Invitation not found",
  invitationInvalid: "This invitation link is invalid, expired or already used",
  otherAddress: "This invitation was sent to another email address: sign in with that address",
  alreadyMember: "This person is already a member of the account",
  lastOwner: "An account needs at least one owner",
  tooManyInvitations: "At most 50 invitations can be open at once",
  invitationsPerHour: "At most 20 invitations can be sent per hour. Please try again later.",
} as const;

export const InviteMemberBody = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, memberMessages.invalidEmail)),
    z.email(memberMessages.invalidEmail),
  ),
  role: AccountRole,
});
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const ChangeMemberRoleBody = z.object({ role: AccountRole });
export type ChangeMemberRoleBody = z.infer<typeof ChangeMemberRoleBody>;

export const MemberParams = z.object({ userId: z.uuid(memberMessages.memberNotFound) });
export const InvitationParams = z.object({ id: z.uuid(memberMessages.invitationNotFound) });

export const InvitationTokenBody = z.object({
  token: z
    .string()
    .check(
      z.minLength(1, memberMessages.invitationInvalid),
      z.maxLength(200, memberMessages.invitationInvalid),
    ),
});
export type InvitationTokenBody = z.infer<typeof InvitationTokenBody>;

export const Member = z.object({
  user_id: Uuid,
  username: z.string(),
  email: z.string(),
  role: AccountRole,
  joined_at: Timestamp,
  /** The caller themself. */
  you: z.boolean(),
});
export type Member = z.infer<typeof Member>;

export const Invitation = z.object({
  id: Uuid,
  email: z.string(),
  role: AccountRole,
  created_at: Timestamp,
  expires_at: Timestamp,
});
export type Invitation = z.infer<typeof Invitation>;

export const MemberList = z.object({
  members: z.array(Member),
  /** Open invitations; only an owner sees them (empty for the other roles). */
  invitations: z.array(Invitation),
});
export type MemberList = z.infer<typeof MemberList>;

/** An account the caller belongs to, for the account switcher. */
export const AccountMembership = z.object({
  id: Uuid,
  name: z.string(),
  role: AccountRole,
  /** The account this session acts on. */
  active: z.boolean(),
  /**
   * The account's founder is suspended: its members may read it, write to support and leave,
   * and every other request on it is refused (403 `account_suspended`).
   */
  suspended: z.boolean(),
});
export type AccountMembership = z.infer<typeof AccountMembership>;

export const AccountList = z.object({ accounts: z.array(AccountMembership) });
export type AccountList = z.infer<typeof AccountList>;

export const SwitchAccountBody = z.object({ account_id: z.uuid(memberMessages.accountNotFound) });

/** What an invitation link shows before it is accepted (anyone holding the link may read it). */
export const InvitationPreview = z.object({
  account_name: z.string(),
  role: AccountRole,
  email: z.string(),
  expires_at: Timestamp,
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptedInvitation = z.object({ account_id: Uuid, role: AccountRole });

/** The admin's view of an account: its name, members and open invitations. */
export const AdminAccountMembers = z.object({
  account: z.object({ id: Uuid, name: z.string() }),
  members: z.array(Member),
  invitations: z.array(Invitation),
});
export type AdminAccountMembers = z.infer<typeof AdminAccountMembers>;
