import { accessMessages, messages, type SignUpBody, type User } from "../../contracts/auth.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { passwordChangedInSettingsMail, stolenSessionMail } from "../mail/templates/account.ts";
import type { Deps } from "../platform/context.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { authLimits } from "./auth-limits.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import type { IssuedSession } from "./cookies.ts";
import { queueEmailVerification } from "./email-verification.ts";
import { IDLE_SECONDS, REMEMBERED_IDLE_SECONDS } from "./idle.ts";
import { portalLink } from "./links.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.ts";
import { clearHits, countHits, hit, type Limit, refuseIfExhausted } from "./rate-limit.ts";
import { securityEvent } from "./security-log.ts";
import { sessionCache } from "./session-cache.ts";
import { hashToken, newRefreshToken } from "./tokens.ts";

const REMEMBER_SECONDS = 5 * 24 * 3600; // 'Remember me for 5 days'
const BROWSER_SESSION_SECONDS = 12 * 3600; // without it, the session also ends with the browser

type UserRow = { id: string; email: string; username: string; is_admin: boolean; created_at: Date };

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  is_admin: row.is_admin,
  created_at: row.created_at.toISOString(),
});

export async function getUser(sql: Db, userId: string): Promise<User | undefined> {
  const [row] = await sql<UserRow[]>`
    select p.id, p.email, p.username, p.created_at,
      exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin') as is_admin
    from profiles p where p.id = ${userId}`;
  return row && toUser(row);
}

/**
 * Creates the profile and its credentials together; email is unique in any case, and a common
 * password is refused (sign-up and admins' new accounts alike). `onCreated` runs in the same
 * transaction (sign-up queues its verification mail there, so no account exists without it).
 */
export async function createAccount(
  sql: Sql,
  body: SignUpBody,
  onCreated?: (tx: Tx, user: User) => Promise<void>,
): Promise<User> {
  refuseCommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  try {
    return await sql.begin(async (tx) => {
      const [row] = await tx<[UserRow?]>`
        insert into profiles (username, email) values (${body.username}, ${body.email})
        returning id, email, username, created_at, false as is_admin`;
      invariant(row, "profile inserted");
      await tx`insert into credentials (user_id, password_hash) values (${row.id}, ${passwordHash})`;
      const user = toUser(row);
      await onCreated?.(tx, user);
      return user;
    });
  } catch (e) {
    const constraint = (e as { constraint_name?: string }).constraint_name;
    if (constraint === "profiles_email_lower_key") {
      throw new HttpError(409, ErrorCode.emailTaken, messages.emailTaken);
    }
    if (constraint === "profiles_username_key") {
      throw new HttpError(409, ErrorCode.usernameTaken, messages.usernameTaken);
    }
    throw e;
  }
}

export async function signUp(deps: Deps, body: SignUpBody, ip: string): Promise<User> {
  await hit(deps.sql, authLimits(deps, "signup", ip));
  return await createAccount(deps.sql, body, (tx, user) => queueEmailVerification(tx, deps, user));
}

/**
 * Only failed attempts count against the account (per client address, and slower overall): the
 * owner's own sign-ins never use up the budget, and failures from one address leave the owner
 * signing in from another alone. A success clears its address's failures.
 */
export async function signIn(
  deps: Deps,
  body: { email: string; password: string; remember: boolean },
  ip: string,
  userAgent?: string,
): Promise<IssuedSession> {
  const [perIp, ...perAccount] = authLimits(deps, "signin", ip, body.email);
  await hit(deps.sql, [perIp!]);
  await refuseIfExhausted(deps.sql, perAccount);
  const [row] = await deps.sql<{ id: string; password_hash: string; status: string }[]>`
    select p.id, c.password_hash, p.status
    from profiles p join credentials c on c.user_id = p.id
    where lower(p.email) = ${body.email}`;
  const refuse = async (userId?: string) => {
    await countHits(deps.sql, perAccount);
    securityEvent("sign_in_failed", {
      user_id: userId,
      reason: userId ? "password" : "no_account",
    });
    return new HttpError(400, ErrorCode.invalidCredentials, messages.invalidCredentials);
  };
  if (!row) {
    await burnPasswordCheck(body.password);
    throw await refuse();
  }
  if (!(await verifyPassword(row.password_hash, body.password))) throw await refuse(row.id);
  if (row.status !== "active")
    throw new HttpError(403, ErrorCode.userSuspended, messages.userSuspended);
  await clearHits(deps.sql, [perAccount[0]!.key]);
  const session = await startSession(deps, row.id, body.remember, { ip, userAgent });
  securityEvent("sign_in", { user_id: row.id });
  return session;
}

/**
 * A new session, used now; the browser and address are kept so the user can tell their sessions
 * apart in Settings.
 */
async function startSession(
  deps: Deps,
  userId: string,
  remember: boolean,
  client: { ip: string; userAgent?: string },
): Promise<IssuedSession> {
  const lifetime = remember ? REMEMBER_SECONDS : BROWSER_SESSION_SECONDS;
  const refreshToken = newRefreshToken();
  const tokenHash = await hashToken(refreshToken);
  const userAgent = client.userAgent?.slice(0, 512) || null;
  const session = await deps.sql.begin(async (tx) => {
    const [s] = await tx<[{ id: string; expires_at: Date }?]>`
      insert into sessions (user_id, remember, aal, amr, expires_at, last_used_at, user_agent, ip_address)
      values (${userId}, ${remember}, 'aal1',
        ${tx.json([{ method: "password", timestamp: Math.floor(Date.now() / 1000) }])},
        now() + make_interval(secs => ${lifetime}), now(), ${userAgent}, ${client.ip.slice(0, 64)})
      returning id, expires_at`;
    invariant(s, "session inserted");
    await tx`insert into refresh_tokens (session_id, token_hash) values (${s.id}, ${tokenHash})`;
    return s;
  });
  return await issue(deps, session.id, refreshToken);
}

/** Signs a fresh access token for a session and pairs it with the given refresh token. */
export async function issue(
  deps: Deps,
  sessionId: string,
  refreshToken: string,
): Promise<IssuedSession> {
  const [s] = await deps.sql<
    [
      {
        user_id: string;
        remember: boolean;
        aal: "aal1" | "aal2";
        amr: { method: string; timestamp: number }[];
        expires_at: Date;
      }?,
    ]
  >`select user_id, remember, aal, amr, expires_at from sessions where id = ${sessionId}`;
  // Gone since it was checked: an admin removed the user (the delete cascades to the sessions).
  if (!s) throw sessionExpired();
  const user = await getUser(deps.sql, s.user_id);
  if (!user) throw sessionExpired();
  const [mfa] = await deps.sql<[{ has_factor: boolean }?]>`
    select exists (select 1 from mfa_factors where user_id = ${s.user_id} and status = 'verified') as has_factor`;
  invariant(mfa, "a select without from returns one row");
  const { token, expiresAt } = await deps.signer.sign({
    sub: s.user_id,
    sid: sessionId,
    role: "authenticated",
    roles: user.is_admin ? ["admin"] : [],
    aal: s.aal,
    amr: s.amr,
  });
  return {
    access_token: token,
    refresh_token: refreshToken,
    token_type: "bearer",
    expires_in: expiresAt - Math.floor(Date.now() / 1000),
    expires_at: expiresAt,
    refresh_expires_at: Math.floor(s.expires_at.getTime() / 1000),
    remember: s.remember,
    user,
    aal: s.aal,
    mfa_required: mfa.has_factor && s.aal !== "aal2",
    admin_mfa_setup_required:
      user.is_admin && deps.config.PORTAL_ENV === "production" && !mfa.has_factor,
  };
}

/**
 * After a verified factor, the session becomes aal2 (the method appended to `amr`) and
 * gets a new pair; the old refresh tokens are retired so only the upgraded pair refreshes. Runs
 * inside the verify transaction, so a failed verify changes nothing.
 */
export async function elevateSession(
  tx: Db,
  sessionId: string,
  method: "totp" | "webauthn",
): Promise<string> {
  const refreshToken = newRefreshToken();
  const tokenHash = await hashToken(refreshToken);
  const entry = { method, timestamp: Math.floor(Date.now() / 1000) };
  await tx`update sessions set aal = 'aal2', amr = amr || ${tx.json([entry])}, last_used_at = now()
    where id = ${sessionId}`;
  sessionCache.invalidateSession(sessionId);
  await tx`update refresh_tokens set rotated_at = now() where session_id = ${sessionId} and rotated_at is null`;
  await tx`insert into refresh_tokens (session_id, token_hash) values (${sessionId}, ${tokenHash})`;
  return refreshToken;
}

const sessionExpired = () =>
  new HttpError(401, ErrorCode.sessionExpired, accessMessages.sessionExpired);

/**
 * Exchanges a refresh token for a new pair. A token already exchanged is accepted again only within
 * a short grace (a client that lost the response retries); later, it is treated as stolen and the
 * whole session is revoked. A session unused past its idle timeout (idle.ts) refreshes no more;
 * each refresh counts as use.
 */
export async function refresh(
  deps: Deps,
  refreshToken: string,
  ip: string,
): Promise<IssuedSession> {
  await hit(deps.sql, authLimits(deps, "refresh", ip));
  const presented = await hashToken(refreshToken);
  const next = newRefreshToken();
  const nextHash = await hashToken(next);
  const outcome = await deps.sql.begin(async (tx) => {
    const [row] = await tx<
      {
        id: string;
        session_id: string;
        rotated_for: number | null;
        live: boolean;
        user_id: string;
        email: string;
        username: string;
      }[]
    >`
      select t.id, t.session_id, p.id as user_id, p.email, p.username,
        extract(epoch from now() - t.rotated_at)::float8 as rotated_for,
        (s.revoked_at is null and s.expires_at > now() and p.status = 'active'
          and s.last_used_at > now() - make_interval(secs => case when s.remember
            then ${REMEMBERED_IDLE_SECONDS}::int else ${IDLE_SECONDS}::int end)) as live
      from refresh_tokens t
      join sessions s on s.id = t.session_id
      join profiles p on p.id = s.user_id
      where t.token_hash = ${presented}
      for update of t, s`;
    if (!row || !row.live) return "expired" as const;
    if (row.rotated_for !== null && row.rotated_for > deps.config.REFRESH_REUSE_GRACE_SECONDS) {
      await tx`update sessions set revoked_at = now() where id = ${row.session_id}`;
      sessionCache.invalidateSession(row.session_id);
      securityEvent("refresh_token_reused", { user_id: row.user_id, session_id: row.session_id });
      // The owner learns of it: either they or a thief now holds a copy of the token.
      await enqueueMail(tx, {
        kind: "session_revoked",
        to: row.email,
        userId: row.user_id,
        dedupeKey: `session_revoked:${row.session_id}`,
        ...stolenSessionMail({
          username: row.username,
          forgotUrl: portalLink(deps.config, "/auth/forgot-password"),
        }),
      });
      return "reused" as const;
    }
    // Every token of the session still live is retired, so only the newest pair works.
    await tx`update refresh_tokens set rotated_at = now()
      where session_id = ${row.session_id} and rotated_at is null`;
    await tx`insert into refresh_tokens (session_id, token_hash) values (${row.session_id}, ${nextHash})`;
    await tx`update sessions set last_used_at = now() where id = ${row.session_id}`;
    return { sessionId: row.session_id };
  });
  if (outcome === "expired" || outcome === "reused") throw sessionExpired();
  return await issue(deps, outcome.sessionId, next);
}

export async function signOut(sql: Db, sessionId: string): Promise<void> {
  await sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`;
  sessionCache.invalidateSession(sessionId);
}

/**
 * Ends every open session of a user (an admin suspends them), here and, through the database's
 * notification, on every instance. Returns how many sessions it ended.
 */
export async function revokeUserSessions(sql: Db, userId: string): Promise<number> {
  const res =
    await sql`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`;
  sessionCache.invalidateUser(userId);
  return res.count;
}

/** Drops what this instance remembers of a deleted user's sessions (the delete cascaded to them). */
export function forgetUserSessions(userId: string): void {
  sessionCache.invalidateUser(userId);
}

/** The session a refresh token (current or rotated) belongs to, for signing out with the cookie alone. */
export async function sessionOfRefreshToken(
  sql: Db,
  refreshToken: string,
): Promise<string | undefined> {
  const [row] = await sql<{ session_id: string }[]>`
    select session_id from refresh_tokens where token_hash = ${await hashToken(refreshToken)}`;
  return row?.session_id;
}

/**
 * SPEC §5: the current password is verified; the user's other sessions end. Wrong current
 * passwords are limited per account like failed sign-ins (a stolen access token must not become
 * an unlimited password oracle), and the owner is mailed a notice of the change.
 */
export async function changePassword(
  deps: Deps,
  auth: { userId: string; sessionId: string },
  body: { current_password: string; new_password: string },
): Promise<void> {
  const failures: Limit[] = [
    {
      key: `password-change:account:${auth.userId}`,
      max: deps.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
  ];
  await refuseIfExhausted(deps.sql, failures);
  const [row] = await deps.sql<{ password_hash: string; email: string; username: string }[]>`
    select c.password_hash, p.email, p.username
    from credentials c join profiles p on p.id = c.user_id where c.user_id = ${auth.userId}`;
  if (!row || !(await verifyPassword(row.password_hash, body.current_password))) {
    await countHits(deps.sql, failures);
    securityEvent("password_change_failed", { user_id: auth.userId, session_id: auth.sessionId });
    throw new HttpError(400, ErrorCode.wrongPassword, messages.currentPasswordIncorrect);
  }
  // After the current password: a wrong one is still answered as such, whatever the new one.
  refuseCommonPassword(body.new_password);
  const newHash = await hashPassword(body.new_password);
  await deps.sql.begin(async (tx) => {
    await tx`update credentials set password_hash = ${newHash}, updated_at = now() where user_id = ${auth.userId}`;
    await tx`update sessions set revoked_at = now()
      where user_id = ${auth.userId} and id <> ${auth.sessionId} and revoked_at is null`;
    await enqueueMail(tx, {
      kind: "password_changed",
      to: row.email,
      userId: auth.userId,
      dedupeKey: `password_changed:${crypto.randomUUID()}`,
      ...passwordChangedInSettingsMail({
        username: row.username,
        forgotUrl: portalLink(deps.config, "/auth/forgot-password"),
      }),
    });
  });
  await clearHits(
    deps.sql,
    failures.map((l) => l.key),
  );
  sessionCache.invalidateUser(auth.userId);
  securityEvent("password_changed", { user_id: auth.userId, session_id: auth.sessionId });
}
