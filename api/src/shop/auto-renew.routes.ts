import { Hono } from "hono";
import { AutoRenewList, AutoRenewRequest, AutoRenewState } from "../../contracts/auto-renew.ts";
import { OrderParams } from "../../contracts/shop.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { listAutoRenew, setAutoRenew } from "./auto-renew.ts";

/** The per-order auto-renew switch (mounted under /api/shop). */
export function autoRenewRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/orders/auto-renew",
      describe({
        operationId: "listAutoRenewOrders",
        summary: "The ids of the caller's orders that have auto-renew on",
        tags: ["shop"],
        response: AutoRenewList,
      }),
      requireAuth(deps),
      async (c) => c.json({ order_ids: await listAutoRenew(deps.sql, accountOf(c)) }, 200),
    )
    .put(
      "/orders/:id/auto-renew",
      describe({
        operationId: "setOrderAutoRenew",
        summary: "Turn auto-renew on or off for one of the caller's orders",
        tags: ["shop"],
        response: AutoRenewState,
        errors: [404, 409],
      }),
      requireAuth(deps),
      validate("param", OrderParams),
      validate("json", AutoRenewRequest),
      async (c) =>
        c.json(
          await setAutoRenew(
            deps.sql,
            accountOf(c),
            c.req.valid("param").id,
            c.req.valid("json").enabled,
          ),
          200,
        ),
    );
}
