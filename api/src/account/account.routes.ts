import { Hono } from "hono";
import { Profile } from "../../contracts/account.ts";
import { requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../context.ts";
import { notFound } from "../http-error.ts";
import { describe } from "../openapi.ts";

export function accountRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/profile",
    describe({
      operationId: "getProfile",
      summary: "The caller's profile with the credits balance",
      tags: ["account"],
      response: Profile,
      errors: [404],
    }),
    requireAuth(deps),
    async (c) => {
      const [row] = await deps.sql<
        { id: string; username: string; email: string; credits: string; created_at: Date }[]
      >`
        select id, username, email, credits, created_at from profiles where id = ${c.get("auth").userId}`;
      if (!row) throw notFound("Profile not found");
      return c.json({ ...row, created_at: row.created_at.toISOString() }, 200);
    },
  );
}
