import Bowser from "bowser";
import { type SessionInfo, sessionMessages } from "../../contracts/sessions.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Auth } from "../platform/context.ts";
import type { Db, Sql } from "../platform/db.ts";
import { notFound } from "../platform/http-error.ts";
import { IDLE_SECONDS, REMEMBERED_IDLE_SECONDS } from "./idle.ts";
import { sessionCache } from "./session-cache.ts";

/** "Chrome on Linux" from the user agent of the sign-in; API clients show their product name. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  if (browser.name || os.name) return (browser.name || os.name) as string;
  // Not a browser (curl/8.5.0, an API client): its first product token.
  return userAgent.split(/[\s/]/)[0]?.slice(0, 40) || "Unknown device";
}

type SessionRow = {
  id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: Date;
  last_used_at: Date;
  remember: boolean;
};

/** The caller's sessions that still work (not ended, expired or idle past their timeout), this one first. */
export async function listSessions(sql: Db, auth: Auth): Promise<SessionInfo[]> {
  const rows = await sql<SessionRow[]>`
    select id, user_agent, ip_address, created_at, last_used_at, remember
    from sessions
    where user_id = ${auth.userId} and revoked_at is null and expires_at > now()
      and last_used_at > now() - make_interval(secs => case when remember
        then ${REMEMBERED_IDLE_SECONDS}::int else ${IDLE_SECONDS}::int end)
    order by id = ${auth.sessionId} desc, last_used_at desc, id`;
  return rows.map((r) => ({
    id: r.id,
    device: deviceLabel(r.user_agent),
    ip_address: r.ip_address,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at.toISOString(),
    current: r.id === auth.sessionId,
    remember: r.remember,
  }));
}

/**
 * Ends one of the caller's sessions: its refresh token stops at once, and its access tokens and
 * event stream on every instance (the update notifies them, session-cache.ts). Another user's
 * session answers 404, exactly like a missing one.
 */
export async function endSession(sql: Sql, auth: Auth, sessionId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      update sessions set revoked_at = now()
      where id = ${sessionId} and user_id = ${auth.userId} and revoked_at is null
      returning id`;
    if (!row) throw notFound(sessionMessages.sessionNotFound);
    await recordAudit(tx, {
      actorId: auth.userId,
      action: "auth.session.end",
      entity: "session",
      entityId: sessionId,
    });
  });
  sessionCache.invalidateSession(sessionId);
}

/**
 * Ends every session of the caller but this one ('sign out everywhere else'); returns how many.
 * Pass a transaction to end them together with another change (removing a factor).
 */
export async function endOtherSessions(sql: Db, auth: Auth): Promise<number> {
  const res = await sql`
    update sessions set revoked_at = now()
    where user_id = ${auth.userId} and id <> ${auth.sessionId} and revoked_at is null`;
  sessionCache.invalidateUser(auth.userId);
  if (res.count > 0) {
    await recordAudit(sql, {
      actorId: auth.userId,
      action: "auth.session.end_others",
      entity: "session",
      entityId: auth.sessionId,
      after: { ended: res.count },
    });
  }
  return res.count;
}
