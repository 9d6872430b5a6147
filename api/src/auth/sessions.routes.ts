import { Hono } from "hono";
import { EndedSessions, SessionList, SessionParams } from "../../contracts/sessions.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { requireAuth } from "./middleware.ts";
import { endOtherSessions, endSession, listSessions } from "./sessions.service.ts";

/** The caller's signed-in sessions (Settings → Sessions): list them, end one, end all others. */
export function sessionRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["auth"];
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "listSessions",
        summary:
          "The caller's sessions that still work: device, address, created, last used; `current` marks this one",
        tags,
        response: SessionList,
      }),
      auth,
      async (c) => c.json({ sessions: await listSessions(deps.sql, c.get("auth")) }, 200),
    )
    .post(
      "/end-others",
      describe({
        operationId: "endOtherSessions",
        summary: "Sign out everywhere else: every session of the caller but this one ends",
        tags,
        response: EndedSessions,
      }),
      auth,
      async (c) => c.json({ ended: await endOtherSessions(deps.sql, c.get("auth")) }, 200),
    )
    .delete(
      "/:id",
      describe({
        operationId: "endSession",
        summary:
          "End one of the caller's sessions: its refresh cookie, access tokens and event stream stop working",
        tags,
        errors: [404],
      }),
      auth,
      validate("param", SessionParams),
      async (c) => {
        await endSession(deps.sql, c.get("auth"), c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
