import { Hono } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import { describe } from "../openapi.ts";
import { requireAuth } from "../auth/middleware.ts";
import { ServiceList } from "../../contracts/services.ts";
import { listServices } from "./services.service.ts";

export function serviceRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/",
    describe({ summary: "The caller's services", tags: ["services"], response: ServiceList }),
    requireAuth(deps),
    async (c) => c.json({ services: await listServices(deps.sql, c.get("auth").userId) }, 200),
  );
}
