import { ErrorCode } from "../../contracts/errors.ts";
import {
  type AccountMembership,
  type AccountRole,
  INVITATIONS_PER_HOUR,
  type Invitation,
  type InvitationPreview,
  type InviteMemberBody,
  type Member,
  type MemberList,
  memberMessages,
} from "../../contracts/members.ts";
import { recordAudit } from "../audit/audit.ts";
import { revokeTokensOfMember } from "../auth/api-tokens.ts";
import { newLinkToken, portalLink } from "../auth/links.ts";
import type { Actor } from "../auth/middleware.ts";
import { sessionCache } from "../auth/session-cache.ts";
import { hashToken } from "../auth/tokens.ts";
import { addressLocale } from "../i18n/i18n.ts";
import { enqueueMail, sealLinkToken } from "../mail/outbox.ts";
import { variantIn } from "../mail/templates/layout.ts";
import {
  invitationMail,
  type MemberChange,
  memberChange,
  membershipChangedMail,
} from "../mail/templates/members.ts";
import type { Deps } from "../platform/context.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";

/**
 * Team members of an account: invitations by mail, roles, removal, leaving, switching. Every
 * change locks the account row first, so the "at least one owner" rule holds when two owners
 * demote or remove each other at once (the database checks it again at commit: migration 040),
 * and every change is audited and mailed to the owners in its own transaction.
 */

const MAX_OPEN_INVITATIONS = 50;

const lastOwner = () => new HttpError(409, ErrorCode.conflict, memberMessages.lastOwner);

type MemberRow = {
  user_id: string;
  username: string;
  email: string;
  role: AccountRole;
  created_at: Date;
};

export async function listMembers(
  sql: Db,
  actor: Actor & { role: AccountRole | null },
): Promise<MemberList> {
  const rows = await sql<MemberRow[]>`
    select m.user_id, p.username, p.email, m.role, m.created_at
    from account_members m join profiles p on p.id = m.user_id
    where m.account_id = ${actor.accountId}
    order by m.role = 'owner' desc, m.created_at, m.user_id`;
  const members: Member[] = rows.map((r) => ({
    user_id: r.user_id,
    username: r.username,
    email: r.email,
    role: r.role,
    joined_at: r.created_at.toISOString(),
    you: r.user_id === actor.userId,
  }));
  const invitations = actor.role === "owner" ? await openInvitations(sql, actor.accountId) : [];
  return { members, invitations };
}

async function openInvitations(sql: Db, accountId: string): Promise<Invitation[]> {
  const rows = await sql<
    { id: string; email: string; role: AccountRole; created_at: Date; expires_at: Date }[]
  >`
    select id, email, role, created_at, expires_at from account_invitations
    where account_id = ${accountId} and accepted_at is null and revoked_at is null
      and expires_at > now()
    order by created_at desc`;
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
  }));
}

/** Locks the account (every membership change of it waits here) and returns its name. */
async function lockAccount(tx: Tx, accountId: string): Promise<string> {
  const [row] = await tx<{ name: string }[]>`
    select name from accounts where id = ${accountId} for update`;
  if (!row) throw notFound(memberMessages.accountNotFound);
  return row.name;
}

/**
 * Mails every owner of the account (as it is after the change, in the change's transaction) and
 * `also` (a removed or demoted person), once each.
 */
async function mailOwners(
  tx: Tx,
  deps: Pick<Deps, "config">,
  accountId: string,
  accountName: string,
  what: MemberChange | MemberChange[],
  also: string[] = [],
): Promise<void> {
  const change = crypto.randomUUID();
  const rows = await tx<{ id: string; email: string }[]>`
    select p.id, p.email from profiles p
    where p.id in (select user_id from account_members where account_id = ${accountId} and role = 'owner')
      or p.id = any(${also}::uuid[])`;
  const mail = membershipChangedMail({
    accountName,
    what,
    url: portalLink(deps.config, "/settings"),
  });
  for (const r of rows) {
    await enqueueMail(tx, {
      kind: "account_members_changed",
      to: r.email,
      userId: r.id,
      dedupeKey: `account_members_changed:${change}:${r.id}`,
      ...mail,
    });
  }
}

/** The actor's name for the team mails; null (the mails say "someone") when the profile is gone. */
const nameOf = async (tx: Tx, userId: string) =>
  (await tx<{ username: string }[]>`select username from profiles where id = ${userId}`)[0]
    ?.username ?? null;

/** Invites a person by email: the mail's link works once, for 7 days (stored as its hash). */
export async function inviteMember(
  deps: Pick<Deps, "sql" | "config" | "secretBox">,
  actor: Actor,
  body: InviteMemberBody,
): Promise<Invitation> {
  const token = newLinkToken();
  const tokenHash = await hashToken(token);
  return await deps.sql.begin(async (tx) => {
    const accountName = await lockAccount(tx, actor.accountId);
    const [member] = await tx`
      select 1 from account_members m join profiles p on p.id = m.user_id
      where m.account_id = ${actor.accountId} and lower(p.email) = ${body.email}`;
    if (member) throw new HttpError(409, ErrorCode.conflict, memberMessages.alreadyMember);
    const [{ open }] = await tx<{ open: number }[]>`
      select count(*)::int as open from account_invitations
      where account_id = ${actor.accountId} and accepted_at is null and revoked_at is null
        and expires_at > now()`;
    if (open >= MAX_OPEN_INVITATIONS)
      throw new HttpError(409, ErrorCode.conflict, memberMessages.tooManyInvitations);
    // Each invitation mails an address the owner typed: a stolen owner session must not turn the
    // portal into a mail cannon. Counted under the account's lock, withdrawn ones included.
    const [recent] = await tx<{ sent: number; retry: number }[]>`
      select count(*)::int as sent,
        coalesce(ceil(extract(epoch from min(created_at) + interval '1 hour' - now())), 1)::int as retry
      from account_invitations
      where account_id = ${actor.accountId} and created_at > now() - interval '1 hour'`;
    if (recent!.sent >= INVITATIONS_PER_HOUR)
      throw new HttpError(429, ErrorCode.rateLimited, memberMessages.invitationsPerHour, {
        "Retry-After": String(Math.max(1, recent!.retry)),
      });
    const [row] = await tx<
      { id: string; email: string; role: AccountRole; created_at: Date; expires_at: Date }[]
    >`
      insert into account_invitations (account_id, email, role, token_hash, invited_by)
      values (${actor.accountId}, ${body.email}, ${body.role}, ${tokenHash}, ${actor.userId})
      returning id, email, role, created_at, expires_at`;
    const inviter = await nameOf(tx, actor.userId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "account.member.invite",
      entity: "account",
      entityId: actor.accountId,
      after: { invitation_id: row!.id, email: body.email, role: body.role },
    });
    const mail = {
      kind: "account_invitation",
      to: body.email,
      dedupeKey: `account_invitation:${row!.id}`,
      ...variantIn(
        invitationMail({
          accountName,
          inviter,
          role: body.role,
          // The Settings page shows what the link offers and accepts it (after signing in).
          url: portalLink(deps.config, "/settings", { invitation: token }),
        }),
        await addressLocale(tx, body.email, actor.userId),
      ),
    };
    await enqueueMail(tx, await sealLinkToken(deps.secretBox, mail, token));
    await mailOwners(
      tx,
      deps,
      actor.accountId,
      accountName,
      memberChange.invited(inviter, body.email, body.role),
    );
    return {
      ...row!,
      created_at: row!.created_at.toISOString(),
      expires_at: row!.expires_at.toISOString(),
    };
  });
}

/** Withdraws an open invitation: its link stops working. */
export async function revokeInvitation(
  deps: Pick<Deps, "sql" | "config">,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.sql.begin(async (tx) => {
    const accountName = await lockAccount(tx, actor.accountId);
    const [row] = await tx<{ email: string; role: AccountRole }[]>`
      update account_invitations set revoked_at = now()
      where id = ${id} and account_id = ${actor.accountId} and accepted_at is null
        and revoked_at is null
      returning email, role`;
    if (!row) throw notFound(memberMessages.invitationNotFound);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "account.member.invitation_revoke",
      entity: "account",
      entityId: actor.accountId,
      before: { invitation_id: id, ...row },
    });
    await mailOwners(
      tx,
      deps,
      actor.accountId,
      accountName,
      memberChange.invitationWithdrawn(await nameOf(tx, actor.userId), row.email),
    );
  });
}

const invitationInvalid = () =>
  new HttpError(400, ErrorCode.invitationInvalid, memberMessages.invitationInvalid);

/** What an invitation link offers (whoever holds the link may read it), for the accept page. */
export async function previewInvitation(sql: Db, token: string): Promise<InvitationPreview> {
  const [row] = await sql<
    { account_name: string; role: AccountRole; email: string; expires_at: Date }[]
  >`
    select a.name as account_name, i.role, i.email, i.expires_at
    from account_invitations i join accounts a on a.id = i.account_id
    where i.token_hash = ${await hashToken(token)} and i.accepted_at is null
      and i.revoked_at is null and i.expires_at > now()`;
  if (!row) throw invitationInvalid();
  return { ...row, expires_at: row.expires_at.toISOString() };
}

/**
 * The signed-in person accepts an invitation sent to their address: the link is spent and the
 * membership made in one transaction (a second use, an expired or withdrawn link: 400).
 */
export async function acceptInvitation(
  deps: Pick<Deps, "sql" | "config">,
  userId: string,
  token: string,
): Promise<{ account_id: string; role: AccountRole }> {
  const tokenHash = await hashToken(token);
  const accepted = await deps.sql.begin(async (tx) => {
    const [found] = await tx<{ id: string; account_id: string; email: string }[]>`
      select id, account_id, email from account_invitations
      where token_hash = ${tokenHash} and accepted_at is null and revoked_at is null
        and expires_at > now()`;
    if (!found) throw invitationInvalid();
    const accountName = await lockAccount(tx, found.account_id);
    // Under the account's lock: of two accepts of one link, the second finds it spent.
    const [inv] = await tx<{ id: string; account_id: string; role: AccountRole }[]>`
      update account_invitations set accepted_at = now(), accepted_by = ${userId}
      where id = ${found.id} and accepted_at is null and revoked_at is null and expires_at > now()
      returning id, account_id, role`;
    if (!inv) throw invitationInvalid();
    const [person] = await tx<{ email: string; username: string }[]>`
      select email, username from profiles where id = ${userId}`;
    if (!person || person.email.toLowerCase() !== found.email.toLowerCase())
      throw new HttpError(403, ErrorCode.forbidden, memberMessages.otherAddress);
    const added = await tx`
      insert into account_members (account_id, user_id, role) values (${inv.account_id}, ${userId}, ${inv.role})
      on conflict do nothing`;
    if (added.count === 0)
      throw new HttpError(409, ErrorCode.conflict, memberMessages.alreadyMember);
    await recordAudit(tx, {
      actorId: userId,
      action: "account.member.join",
      entity: "account",
      entityId: inv.account_id,
      after: { user_id: userId, role: inv.role, invitation_id: inv.id },
    });
    await mailOwners(
      tx,
      deps,
      inv.account_id,
      accountName,
      memberChange.joined(person.username, person.email, inv.role),
    );
    return { account_id: inv.account_id, role: inv.role };
  });
  sessionCache.invalidateUser(userId);
  return accepted;
}

/** An owner gives a member another role; the last owner cannot stop being one. */
export async function changeMemberRole(
  deps: Pick<Deps, "sql" | "config">,
  actor: Actor,
  targetId: string,
  role: AccountRole,
): Promise<Member> {
  const member = await deps.sql.begin(async (tx) => {
    const accountName = await lockAccount(tx, actor.accountId);
    const [before] = await tx<MemberRow[]>`
      select m.user_id, p.username, p.email, m.role, m.created_at
      from account_members m join profiles p on p.id = m.user_id
      where m.account_id = ${actor.accountId} and m.user_id = ${targetId}`;
    if (!before) throw notFound(memberMessages.memberNotFound);
    if (before.role === role) return before;
    if (before.role === "owner") await refuseLastOwner(tx, actor.accountId);
    await tx`update account_members set role = ${role}
      where account_id = ${actor.accountId} and user_id = ${targetId}`;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "account.member.role",
      entity: "account",
      entityId: actor.accountId,
      before: { user_id: targetId, role: before.role },
      after: { user_id: targetId, role },
    });
    await mailOwners(
      tx,
      deps,
      actor.accountId,
      accountName,
      memberChange.roleChanged(await nameOf(tx, actor.userId), before.username, before.role, role),
      [targetId],
    );
    return { ...before, role };
  });
  sessionCache.invalidateUser(targetId);
  return {
    user_id: member.user_id,
    username: member.username,
    email: member.email,
    role: member.role,
    joined_at: member.created_at.toISOString(),
    you: member.user_id === actor.userId,
  };
}

/** Refuses (409) when the account has no owner but the one about to go. */
async function refuseLastOwner(tx: Tx, accountId: string): Promise<void> {
  const [{ owners }] = await tx<{ owners: number }[]>`
    select count(*)::int as owners from account_members
    where account_id = ${accountId} and role = 'owner'`;
  if (owners <= 1) throw lastOwner();
}

/**
 * Ends a membership: an owner removes a member, or a member leaves (`targetId` = themself). Their
 * sessions on the account stop at once on every instance (the delete notifies, migration 040).
 */
export async function removeMember(
  deps: Pick<Deps, "sql" | "config">,
  actor: Actor,
  targetId: string,
): Promise<void> {
  const leaving = targetId === actor.userId;
  await deps.sql.begin(async (tx) => {
    const accountName = await lockAccount(tx, actor.accountId);
    const [before] = await tx<MemberRow[]>`
      select m.user_id, p.username, p.email, m.role, m.created_at
      from account_members m join profiles p on p.id = m.user_id
      where m.account_id = ${actor.accountId} and m.user_id = ${targetId}`;
    if (!before) throw notFound(memberMessages.memberNotFound);
    if (before.role === "owner") await refuseLastOwner(tx, actor.accountId);
    await tx`delete from account_members
      where account_id = ${actor.accountId} and user_id = ${targetId}`;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: leaving ? "account.member.leave" : "account.member.remove",
      entity: "account",
      entityId: actor.accountId,
      before: { user_id: targetId, role: before.role },
    });
    // Tokens belong to the account, but the ones this person made go with them.
    const revoked = await revokeTokensOfMember(tx, actor.accountId, targetId, actor.userId);
    const what = leaving
      ? memberChange.left(before.username, before.email)
      : memberChange.removed(await nameOf(tx, actor.userId), before.username, before.email);
    await mailOwners(
      tx,
      deps,
      actor.accountId,
      accountName,
      revoked.length ? [what, memberChange.tokensRevoked(revoked)] : what,
      [targetId],
    );
  });
  sessionCache.invalidateUser(targetId);
}

/** The accounts the person belongs to, for the switcher; `active` marks the session's. */
export async function listMyAccounts(
  sql: Db,
  userId: string,
  activeId: string | null,
): Promise<AccountMembership[]> {
  const rows = await sql<{ id: string; name: string; role: AccountRole; suspended: boolean }[]>`
    select a.id, a.name, m.role, coalesce(founder.status <> 'active', false) as suspended
    from account_members m join accounts a on a.id = m.account_id
      -- An account's id is its founder's user id (as the auth middleware reads it).
      left join profiles founder on founder.id = a.id
    where m.user_id = ${userId}
    order by a.id = ${userId} desc, m.created_at, a.id`;
  return rows.map((r) => ({ ...r, active: r.id === activeId }));
}

/** The browser session acts on another of the person's accounts from its next request on. */
export async function switchAccount(
  sql: Sql,
  auth: { userId: string; sessionId: string },
  accountId: string,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ role: AccountRole }[]>`
      select role from account_members where account_id = ${accountId} and user_id = ${auth.userId}`;
    if (!row) throw notFound(memberMessages.accountNotFound);
    await tx`update sessions set account_id = ${accountId} where id = ${auth.sessionId}`;
    await recordAudit(tx, {
      actorId: auth.userId,
      action: "account.switch",
      entity: "account",
      entityId: accountId,
    });
  });
  sessionCache.invalidateSession(auth.sessionId);
}

/** An account's members, for the admin's user page. */
export async function adminAccountMembers(sql: Db, accountId: string) {
  const [account] = await sql<{ id: string; name: string }[]>`
    select id, name from accounts where id = ${accountId}`;
  if (!account) throw notFound(memberMessages.accountNotFound);
  const rows = await sql<MemberRow[]>`
    select m.user_id, p.username, p.email, m.role, m.created_at
    from account_members m join profiles p on p.id = m.user_id
    where m.account_id = ${accountId}
    order by m.role = 'owner' desc, m.created_at, m.user_id`;
  return {
    account,
    members: rows.map((r) => ({
      user_id: r.user_id,
      username: r.username,
      email: r.email,
      role: r.role,
      joined_at: r.created_at.toISOString(),
      you: false,
    })),
    invitations: await openInvitations(sql, accountId),
  };
}
