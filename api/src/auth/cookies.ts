import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { accessMessages, type Session } from "../../contracts/auth.ts";
import type { Config } from "../platform/config.ts";
import type { AppEnv } from "../platform/context.ts";
import { forbidden } from "../platform/http-error.ts";

/**
 * The refresh token never reaches page scripts, so an injected script cannot carry the session
 * away. It lives in an HttpOnly cookie sent only to the auth endpoints (refresh, sign-out),
 * SameSite=Strict, Secure (and `__Secure-` prefixed) when the portal is served over https.
 */
export const REFRESH_COOKIE = "portal_refresh";
export const REFRESH_COOKIE_PATH = "/api/auth";

/** A session as the service issues it: the pair, before the refresh token is moved to the cookie. */
export type IssuedSession = Session & { refresh_token: string };

const isHttps = (config: Config) => new URL(config.PUBLIC_URL).protocol === "https:";

const attributes = (config: Config) => ({
  path: REFRESH_COOKIE_PATH,
  httpOnly: true,
  sameSite: "Strict" as const,
  ...(isHttps(config) ? { secure: true, prefix: "secure" as const } : {}),
});

export function readRefreshCookie(c: Context<AppEnv>, config: Config): string | undefined {
  return getCookie(c, REFRESH_COOKIE, isHttps(config) ? "secure" : undefined) || undefined;
}

export function clearRefreshCookie(c: Context<AppEnv>, config: Config): void {
  deleteCookie(c, REFRESH_COOKIE, attributes(config));
}

/**
 * Sets the cookie and returns the body without the refresh token. SPEC §4 'Remember me': a
 * remembered session's cookie lasts as long as the refresh token; otherwise it is a session
 * cookie (no Max-Age), so closing the browser ends it.
 */
export function withRefreshCookie(
  c: Context<AppEnv>,
  config: Config,
  issued: IssuedSession,
): Session {
  const { refresh_token, ...session } = issued;
  const maxAge = Math.max(0, session.refresh_expires_at - Math.floor(Date.now() / 1000));
  setCookie(c, REFRESH_COOKIE, refresh_token, {
    ...attributes(config),
    ...(session.remember ? { maxAge } : {}),
  });
  return session;
}

/**
 * Cross-site request forgery guard of the cookie-carrying auth routes: hono/csrf refuses a
 * form-like (or body-less) request unless the browser says it is same-origin (Sec-Fetch-Site) or
 * its Origin is the portal's (PUBLIC_URL, or the request's own origin when reached directly).
 * A request the browser marks cross-site is refused whatever its content type. A request with an
 * Authorization header is not forgeable cross-site (that header needs a CORS preflight, which this
 * API never grants), so API clients signing out with their bearer token pass.
 */
export function csrfGuard(config: Config) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const check = csrf({
    origin: (origin, c) => origin === publicOrigin || origin === new URL(c.req.url).origin,
    secFetchSite: "same-origin",
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header("authorization")) return await next();
    const refused = () => forbidden(accessMessages.crossSite);
    if (c.req.method !== "GET" && c.req.header("sec-fetch-site") === "cross-site") throw refused();
    try {
      await check(c, () => Promise.resolve());
    } catch (e) {
      if (e instanceof HTTPException && e.status === 403) throw refused();
      throw e;
    }
    await next();
  });
}
