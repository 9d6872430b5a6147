import { Hono } from "hono";
import {
  accessMessages,
  ChangePasswordBody,
  Session,
  SignInBody,
  SignUpBody,
  UserResponse,
} from "../../contracts/auth.ts";
import { clientIp } from "../platform/client-ip.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { describe, validate } from "../platform/openapi.ts";
import {
  changePassword,
  getUser,
  refresh,
  sessionOfRefreshToken,
  signIn,
  signOut,
  signUp,
} from "./auth.service.ts";
import { clearRefreshCookie, csrfGuard, readRefreshCookie, withRefreshCookie } from "./cookies.ts";
import { requireAuth } from "./middleware.ts";

export function authRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["auth"];
  const { config } = deps;
  // The routes that set or read the refresh cookie: refused when another site sends them.
  const sameOrigin = csrfGuard(config);
  return (
    new Hono<AppEnv>()
      .post(
        "/signup",
        describe({
          operationId: "signUp",
          summary: "Create an account",
          tags,
          access: "public",
          response: UserResponse,
          status: 201,
          errors: [409, 429],
        }),
        validate("json", SignUpBody),
        async (c) => {
          const user = await signUp(deps, c.req.valid("json"), clientIp(c, config));
          return c.json({ user }, 201);
        },
      )
      .post(
        "/sign-in",
        describe({
          operationId: "signIn",
          summary:
            "Sign in with email and password; the refresh token is set as an HttpOnly cookie",
          tags,
          access: "public",
          csrf: true,
          response: Session,
          errors: [400, 403, 429],
        }),
        sameOrigin,
        validate("json", SignInBody),
        async (c) => {
          const issued = await signIn(
            deps,
            c.req.valid("json"),
            clientIp(c, config),
            c.req.header("user-agent"),
          );
          return c.json(withRefreshCookie(c, config, issued), 200);
        },
      )
      .post(
        "/refresh",
        describe({
          operationId: "refreshSession",
          summary: "Exchange the refresh-token cookie for a new access token (the cookie rotates)",
          description:
            "Without the cookie (a visitor) the answer is 204 with no body: having no session is the normal state of a visitor, not an error. A cookie that no longer works answers 401 and is cleared.",
          tags,
          access: "refresh-cookie",
          csrf: true,
          response: Session,
          alsoSuccess: { 204: "No refresh cookie: no session" },
          errors: [429],
        }),
        sameOrigin,
        async (c) => {
          const token = readRefreshCookie(c, config);
          if (!token) return c.body(null, 204);
          try {
            const issued = await refresh(deps, token, clientIp(c, config));
            return c.json(withRefreshCookie(c, config, issued), 200);
          } catch (e) {
            // A refresh token that no longer works is dropped from the browser too.
            if (e instanceof HttpError && e.status === 401) {
              clearRefreshCookie(c, config);
              return c.json({ error: { code: e.code, message: e.message } }, 401);
            }
            throw e;
          }
        },
      )
      // Ends the session of the bearer token (an aal1 session waiting for its second factor too) or,
      // without a usable one, of the refresh cookie; the cookie is cleared either way.
      .post(
        "/sign-out",
        describe({
          operationId: "signOut",
          summary: "End this session on the server and clear the cookie",
          tags,
          access: "bearer-or-cookie",
          csrf: true,
        }),
        sameOrigin,
        async (c) => {
          const sessions = new Set<string>();
          const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
          if (bearer) {
            const claims = await deps.signer.verify(bearer).catch(() => undefined);
            if (claims) sessions.add(claims.sid);
          }
          const cookie = readRefreshCookie(c, config);
          if (cookie) {
            const sid = await sessionOfRefreshToken(deps.sql, cookie);
            if (sid) sessions.add(sid);
          }
          for (const sid of sessions) await signOut(deps.sql, sid);
          clearRefreshCookie(c, config);
          return c.body(null, 204);
        },
      )
      .get(
        "/user",
        describe({
          operationId: "getCurrentUser",
          summary: "The signed-in user",
          tags,
          response: UserResponse,
          errors: [404],
        }),
        auth,
        async (c) => {
          const user = await getUser(deps.sql, c.get("auth").userId);
          if (!user) throw notFound(accessMessages.userNotFound);
          return c.json({ user }, 200);
        },
      )
      .put(
        "/password",
        describe({
          operationId: "changePassword",
          summary: "Change the password; other sessions end",
          tags,
        }),
        auth,
        validate("json", ChangePasswordBody),
        async (c) => {
          await changePassword(deps, c.get("auth"), c.req.valid("json"));
          return c.body(null, 204);
        },
      )
  );
}
