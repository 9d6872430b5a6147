import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "../context.ts";
import { forbidden, HttpError, unauthorized } from "../http-error.ts";
import { ErrorCode } from "../../contracts/errors.ts";

/**
 * Bearer JWT, then the session row: a signed-out, revoked or expired session, or a suspended user,
 * stops working at once rather than when the access token expires.
 *
 * Issue 8: a user with a verified factor must reach aal2 first; their aal1 session is refused
 * (403 mfa_required) everywhere except the routes that get it there (`allowAal1`: list factors,
 * challenge, verify, sign out).
 */
export function requireAuth(deps: Pick<Deps, "sql" | "signer">, options: { allowAal1?: boolean } = {}) {
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
    const [session] = await deps.sql<{ aal: "aal1" | "aal2"; status: string; has_factor: boolean }[]>`
      select s.aal, p.status,
        exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as has_factor
      from sessions s join profiles p on p.id = s.user_id
      where s.id = ${claims.sid} and s.user_id = ${claims.sub}
        and s.revoked_at is null and s.expires_at > now()`;
    if (!session) throw new HttpError(401, ErrorCode.sessionExpired, "Session expired");
    if (session.status !== "active") throw new HttpError(401, ErrorCode.sessionExpired, "Session expired");
    if (session.has_factor && session.aal !== "aal2" && !options.allowAal1) {
      throw new HttpError(403, ErrorCode.mfaRequired, "Two-factor verification is required");
    }
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
