import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import { describe, validate } from "../openapi.ts";
import { clientIp } from "../client-ip.ts";
import { notFound } from "../http-error.ts";
import {
  ChangePasswordBody,
  RefreshBody,
  Session,
  SignInBody,
  SignUpBody,
  UserResponse,
} from "../../contracts/auth.ts";
import { changePassword, getUser, refresh, signIn, signOut, signUp } from "./auth.service.ts";
import { requireAuth } from "./middleware.ts";

export function authRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["auth"];
  return new Hono<AppEnv>()
    .post(
      "/signup",
      describe({ summary: "Create an account", tags, response: UserResponse, status: 201, auth: false }),
      validate("json", SignUpBody),
      async (c) => {
        const user = await signUp(deps, c.req.valid("json"), clientIp(c, deps.config.TRUST_PROXY));
        return c.json({ user }, 201);
      },
    )
    .post(
      "/sign-in",
      describe({ summary: "Sign in with email and password", tags, response: Session, auth: false }),
      validate("json", SignInBody),
      async (c) => c.json(await signIn(deps, c.req.valid("json"), clientIp(c, deps.config.TRUST_PROXY)), 200),
    )
    .post(
      "/refresh",
      describe({ summary: "Exchange a refresh token for a new session pair", tags, response: Session, auth: false }),
      validate("json", RefreshBody),
      async (c) =>
        c.json(await refresh(deps, c.req.valid("json").refresh_token, clientIp(c, deps.config.TRUST_PROXY)), 200),
    )
    // An aal1 session waiting for its second factor may still end itself.
    .post("/sign-out", describe({ summary: "End this session on the server", tags }), requireAuth(deps, { allowAal1: true }), async (c) => {
      await signOut(deps.sql, c.get("auth").sessionId);
      return c.body(null, 204);
    })
    .get("/user", describe({ summary: "The signed-in user", tags, response: UserResponse }), auth, async (c) => {
      const user = await getUser(deps.sql, c.get("auth").userId);
      if (!user) throw notFound("User not found");
      return c.json({ user }, 200);
    })
    .put(
      "/password",
      describe({ summary: "Change the password; other sessions end", tags }),
      auth,
      validate("json", ChangePasswordBody),
      async (c) => {
        await changePassword(deps, c.get("auth"), c.req.valid("json"));
        return c.body(null, 204);
      },
    );
}
