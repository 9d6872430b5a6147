import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "../context.ts";
import { forbidden, HttpError, unauthorized } from "../http-error.ts";
import { ErrorCode } from "../../contracts/errors.ts";

/**
 * Bearer JWT, then the session row: a signed-out, revoked or expired session, or a suspended user,
 * stops working at once rather than when the access token expires.
 */
export function requireAuth(deps: Pick<Deps, "sql" | "signer">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    let claims;
    try {
      claims = await deps.signer.verify(match[1]);
    } catch {
      throw new HttpError(401, ErrorCode.unauthorized, "Invalid or expired token");
    }
    const [session] = await deps.sql<{ aal: "aal1" | "aal2"; status: string }[]>`
      select s.aal, p.status
      from sessions s join profiles p on p.id = s.user_id
      where s.id = ${claims.sid} and s.user_id = ${claims.sub}
        and s.revoked_at is null and s.expires_at > now()`;
    if (!session) throw new HttpError(401, ErrorCode.sessionExpired, "Session expired");
    if (session.status !== "active") throw new HttpError(401, ErrorCode.sessionExpired, "Session expired");
    c.set("auth", { userId: claims.sub, sessionId: claims.sid, aal: session.aal });
    await next();
  });
}

/** SPEC §6: admin only when user_roles holds (user, 'admin'); checked on every admin request. */
export function requireAdmin(deps: Pick<Deps, "sql">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const [row] = await deps.sql`
      select 1 from user_roles where user_id = ${c.get("auth").userId} and role = 'admin'`;
    if (!row) throw forbidden("Admin access required");
    await next();
  });
}
