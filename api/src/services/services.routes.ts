import { Hono } from "hono";
import {
  ActionResult,
  actionDone,
  PowerActionParams,
  ResetPasswordBody,
  RootPassword,
  Service,
  ServiceList,
  ServiceParams,
  ServiceStats,
} from "../../contracts/services.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { createStatsCache } from "../provisioning/stats.ts";
import {
  controlService,
  getOwnService,
  listServices,
  revealRootPassword,
  serviceStats,
} from "./services.service.ts";

export function serviceRoutes(deps: Deps) {
  // One cache per process: every page open on a server shares its provider reading.
  const statsOf = createStatsCache(deps.provider);
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "listServices",
        summary: "The caller's services",
        tags: ["services"],
        response: ServiceList,
      }),
      requireAuth(deps),
      async (c) => c.json({ services: await listServices(deps.sql, accountOf(c)) }, 200),
    )
    .get(
      "/:id",
      describe({
        operationId: "getService",
        summary: "One of the caller's services (404 for others', 403 when suspended)",
        tags: ["services"],
        response: Service,
        errors: [404],
      }),
      requireAuth(deps),
      validate("param", ServiceParams),
      async (c) =>
        c.json(await getOwnService(deps.sql, accountOf(c), c.req.valid("param").id), 200),
    )
    .get(
      "/:id/stats",
      describe({
        operationId: "getServiceStats",
        summary:
          "The provider's current figures of an active VPS (CPU, memory, network, uptime, power state), at most about 2 s old; no disk figure (the provider gives none)",
        tags: ["services"],
        response: ServiceStats,
        errors: [403, 404, 502],
      }),
      requireAuth(deps),
      validate("param", ServiceParams),
      async (c) =>
        c.json(await serviceStats(deps, statsOf, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/:id/root-password",
      describe({
        operationId: "revealRootPassword",
        summary:
          "The root password the provider set for a new server, once: afterwards 404 (the API forgets it when it answers)",
        tags: ["services"],
        response: RootPassword,
        errors: [403, 404],
      }),
      requireAuth(deps),
      validate("param", ServiceParams),
      async (c) =>
        c.json(await revealRootPassword(deps, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/:id/actions/reset-password",
      describe({
        operationId: "resetServicePassword",
        summary: "Sets a new root password on a VPS at the provider",
        tags: ["services"],
        response: ActionResult,
        errors: [403, 404, 409, 429, 502],
      }),
      requireAuth(deps),
      validate("param", ServiceParams),
      validate("json", ResetPasswordBody),
      async (c) => {
        const { password } = c.req.valid("json");
        const result = await controlService(
          deps,
          accountOf(c),
          c.req.valid("param").id,
          "reset-password",
          { password },
        );
        return c.json(
          { action: "reset-password", message: actionDone["reset-password"], ...result },
          200,
        );
      },
    )
    .post(
      "/:id/actions/:action",
      describe({
        operationId: "runServiceAction",
        summary:
          "Starts, stops or restarts a VPS at the provider; force-stop cuts the power and force-restart resets it without asking the system (409 while it is being reinstalled)",
        tags: ["services"],
        response: ActionResult,
        errors: [403, 404, 409, 429, 502],
      }),
      requireAuth(deps),
      validate("param", PowerActionParams),
      async (c) => {
        const { id, action } = c.req.valid("param");
        await controlService(deps, accountOf(c), id, action);
        return c.json({ action, message: actionDone[action] }, 200);
      },
    );
}
