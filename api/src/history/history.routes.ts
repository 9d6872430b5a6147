import { Hono } from "hono";
import { HistoryQuery, ServiceHistory } from "../../contracts/history.ts";
import { ServiceParams } from "../../contracts/services.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { serviceHistory } from "./history.service.ts";

/** Mounted beside serviceRoutes under /services. */
export function historyRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/:id/history",
    describe({
      operationId: "getServiceHistory",
      summary:
        "CPU, memory and network of an active VPS over the last hour, day or week (sampled once a minute; no provider call per request), and this month's traffic in and out",
      tags: ["services"],
      response: ServiceHistory,
      errors: [403, 404, 422],
    }),
    requireAuth(deps),
    validate("param", ServiceParams),
    validate("query", HistoryQuery),
    async (c) =>
      c.json(
        await serviceHistory(
          deps.sql,
          accountOf(c),
          c.req.valid("param").id,
          c.req.valid("query").range ?? "hour",
        ),
        200,
      ),
  );
}
