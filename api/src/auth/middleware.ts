import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { apiTokenMessages } from "../../contracts/api-tokens.ts";
import { accessMessages } from "../../contracts/auth.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { type AccountRole, memberMessages } from "../../contracts/members.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { forbidden, HttpError, unauthorized } from "../platform/http-error.ts";
import { isApiToken, tokenCaller } from "./api-tokens.ts";
import { IDLE_SECONDS, REMEMBERED_IDLE_SECONDS } from "./idle.ts";
import { type SessionState, sessionCache } from "./session-cache.ts";
import { actsOnAccount, roleAllows, scopeAllows, suspendedAccountAllows } from "./token-scopes.ts";

/**
 * The live state of a session, or undefined when it is revoked, expired, idle past its timeout
 * (idle.ts) or its user suspended. Also what an open event stream checks again while it runs.
 */
export async function sessionState(
  sql: Db,
  sessionId: string,
  userId: string,
): Promise<SessionState | undefined> {
  const cached = sessionCache.get(sessionId);
  if (cached) return cached.userId === userId ? cached : undefined;
  const generation = sessionCache.generation();
  const [row] = await sql<
    {
      aal: "aal1" | "aal2";
      has_factor: boolean;
      ends_at: Date;
      account_id: string | null;
      role: AccountRole | null;
      account_suspended: boolean;
    }[]
  >`
    select s.aal, least(s.expires_at, s.last_used_at + idle.span) as ends_at,
      exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as has_factor,
      m.account_id, m.role,
      coalesce((select f.status <> 'active' from profiles f where f.id = m.account_id), false)
        as account_suspended
    from sessions s join profiles p on p.id = s.user_id
      cross join lateral (select make_interval(secs => case when s.remember
        then ${REMEMBERED_IDLE_SECONDS}::int else ${IDLE_SECONDS}::int end) as span) idle
      -- The account chosen by switching; without a choice the person's own account, else their
      -- oldest membership. A chosen account that dropped them gives none (never another one: a
      -- page open on it must not start acting on a different account's money).
      left join lateral (select m.account_id, m.role from account_members m
        where m.user_id = s.user_id and (s.account_id is null or m.account_id = s.account_id)
        order by m.account_id = s.user_id desc, m.created_at, m.account_id limit 1) m on true
    where s.id = ${sessionId} and s.user_id = ${userId} and p.status = 'active'
      and s.revoked_at is null and s.expires_at > now() and s.last_used_at + idle.span > now()`;
  if (!row) return undefined;
  const state = {
    userId,
    aal: row.aal,
    hasVerifiedFactor: row.has_factor,
    accountId: row.account_id,
    role: row.role,
    accountSuspended: row.account_suspended,
    // A refresh moves last_used_at without a notification: past this the entry is read again.
    expiresAt: row.ends_at.getTime(),
  };
  sessionCache.set(sessionId, state, generation);
  return state;
}

/**
 * Bearer API token (api-tokens.ts: its scope decides which requests it may make), or bearer JWT
 * then the session row: a signed-out, revoked or expired session, or a suspended user,
 * stops working at once rather than when the access token expires.
 *
 * A user with a verified factor must reach aal2 first; their aal1 session is refused
 * (403 mfa_required) everywhere except the routes that get it there (`allowAal1`: list factors,
 * challenge, verify, sign out).
 */
export function requireAuth(
  deps: Pick<Deps, "sql" | "signer" | "config">,
  options: { allowAal1?: boolean } = {},
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    if (isApiToken(match[1])) {
      const caller = await tokenCaller(
        deps.sql,
        match[1],
        c.get("clientIp"),
        deps.config.API_TOKEN_RATE_LIMIT_PER_MINUTE,
      );
      if (!caller) throw new HttpError(401, ErrorCode.unauthorized, accessMessages.invalidToken);
      if (!scopeAllows(caller.scope, c.req.method, c.req.path))
        throw new HttpError(403, ErrorCode.tokenScope, apiTokenMessages.scopeRefused);
      if (!roleAllows(caller.makerRole, c.req.method, c.req.path))
        throw new HttpError(403, ErrorCode.accountRole, memberMessages.roleRefused);
      if (caller.accountSuspended && !suspendedAccountAllows(c.req.method, c.req.path))
        throw new HttpError(403, ErrorCode.accountSuspended, memberMessages.accountSuspended);
      // A token is its own second factor's equal for the routes it may reach: none of them is a
      // sign-in step, and every route that needs the session itself refuses tokens above.
      c.set("auth", {
        userId: caller.userId,
        sessionId: caller.tokenId,
        aal: "aal2",
        accountId: caller.accountId,
        role: null,
        token: { id: caller.tokenId, scope: caller.scope },
      });
      return await next();
    }
    let claims;
    try {
      claims = await deps.signer.verify(match[1]);
    } catch {
      throw new HttpError(401, ErrorCode.unauthorized, accessMessages.invalidToken);
    }
    const session = await sessionState(deps.sql, claims.sid, claims.sub);
    if (!session) throw new HttpError(401, ErrorCode.sessionExpired, accessMessages.sessionExpired);
    if (session.hasVerifiedFactor && session.aal !== "aal2" && !options.allowAal1) {
      throw new HttpError(403, ErrorCode.mfaRequired, accessMessages.mfaRequired);
    }
    if (actsOnAccount(c.req.path)) {
      if (!session.accountId || !session.role)
        throw new HttpError(403, ErrorCode.accountRole, memberMessages.notAMember);
      if (!roleAllows(session.role, c.req.method, c.req.path))
        throw new HttpError(403, ErrorCode.accountRole, memberMessages.roleRefused);
      if (session.accountSuspended && !suspendedAccountAllows(c.req.method, c.req.path))
        throw new HttpError(403, ErrorCode.accountSuspended, memberMessages.accountSuspended);
    }
    c.set("auth", {
      userId: claims.sub,
      sessionId: claims.sid,
      aal: session.aal,
      accountId: session.accountId,
      role: session.role,
    });
    await next();
  });
}

/**
 * The account a request acts on (requireAuth has checked the caller's role there). Every query of
 * the account's data filters by it: another account's ids answer 404 like missing ones.
 */
export function accountOf(c: Context<AppEnv>): string {
  const { accountId } = c.get("auth");
  if (!accountId) throw new HttpError(403, ErrorCode.accountRole, memberMessages.notAMember);
  return accountId;
}

/** Who acts (the person) on which account (the one requireAuth checked their role in). */
export interface Actor {
  userId: string;
  accountId: string;
}

/** The person making the request and the account it acts on, for services that audit the person. */
export function actorOf(c: Context<AppEnv>): Actor {
  return { userId: c.get("auth").userId, accountId: accountOf(c) };
}

/** The message an administrator below aal2 gets from every admin route in production. */
export const ADMIN_MFA_MESSAGE = accessMessages.adminMfaRequired;

/**
 * SPEC §6: admin only when user_roles holds (user, 'admin'); checked on every admin request. In
 * production the session must also have passed a second factor: one phished password must not
 * move credits, suspend customers or export the customer list.
 */
export function requireAdmin(deps: Pick<Deps, "sql" | "config">) {
  const needsSecondFactor = deps.config.PORTAL_ENV === "production";
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get("auth");
    const [row] = await deps.sql`
      select 1 from user_roles where user_id = ${auth.userId} and role = 'admin'`;
    if (!row) throw forbidden(accessMessages.adminRequired);
    if (needsSecondFactor && auth.aal !== "aal2") {
      throw new HttpError(403, ErrorCode.adminMfaRequired, ADMIN_MFA_MESSAGE);
    }
    await next();
  });
}
