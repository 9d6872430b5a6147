import { Hono } from "hono";
import { AuditList, AuditQuery } from "../../contracts/admin.ts";
import { requireAdmin, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import { listAudit } from "./audit.service.ts";
import { adminOrderRoutes } from "./orders.routes.ts";
import { adminPaymentRoutes } from "./payments.routes.ts";
import { adminProductRoutes } from "./products.routes.ts";
import { adminProviderRoutes } from "./provider.routes.ts";
import { adminServiceRoutes } from "./services.routes.ts";
import { adminUserRoutes } from "./users.routes.ts";

/**
 * The admin domain: users and credits, services, products, orders, audit log, one
 * sub-app per resource. Every route sits behind requireAuth + requireAdmin, registered here before
 * the sub-apps are mounted, so a customer or anonymous call is refused (401 / 403) before any
 * handler runs, whatever the browser shows.
 */
export function adminRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireAuth(deps), requireAdmin(deps))
    .route("/users", adminUserRoutes(deps))
    .route("/services", adminServiceRoutes(deps))
    .route("/products", adminProductRoutes(deps))
    .route("/orders", adminOrderRoutes(deps))
    .route("/provider", adminProviderRoutes(deps))
    .route("/payments", adminPaymentRoutes(deps))
    .get(
      "/audit",
      adminDoc({
        operationId: "adminListAudit",
        summary: "The audit log, newest first",
        response: AuditList,
      }),
      validate("query", AuditQuery),
      async (c) => c.json(await listAudit(deps.sql, c.req.valid("query")), 200),
    );
}
