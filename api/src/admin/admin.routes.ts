import { Hono } from "hono";
import { AuditList, AuditQuery } from "../../contracts/admin.ts";
import { adminAccountRoutes } from "../account/members.routes.ts";
import { requireAdmin, requireAuth } from "../auth/middleware.ts";
import { adminInvoiceRoutes } from "../invoices/invoices.routes.ts";
import { mailOutboxRoutes } from "../mail/outbox.routes.ts";
import { adminPlanChangeRoutes } from "../plan-changes/plan-changes.routes.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminSupportRoutes } from "../support/support.routes.ts";
import { adminDoc } from "./admin-doc.ts";
import { listAudit } from "./audit.service.ts";
import { adminOrderRoutes } from "./orders.routes.ts";
import { adminPaymentRoutes } from "./payments.routes.ts";
import { adminProductRoutes } from "./products.routes.ts";
import { adminProviderRoutes } from "./provider.routes.ts";
import { adminServiceRoutes } from "./services.routes.ts";
import { adminUserRoutes } from "./users.routes.ts";

/**
 * The admin domain, everything under /api/admin: users and credits, services, products and their
 * upgrade paths, orders, payments, invoices, the mail outbox, support, the provider, the audit log;
 * one sub-app per resource (the ones of other domains live beside their customer routes). Every
 * route sits behind requireAuth + requireAdmin, registered here once before the sub-apps are
 * mounted, so a customer or anonymous call is refused (401 / 403) before any handler runs,
 * whatever the browser shows. No admin route is mounted anywhere else (admin.test.ts checks it).
 */
export function adminRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireAuth(deps), requireAdmin(deps))
    .route("/users", adminUserRoutes(deps))
    .route("/accounts", adminAccountRoutes(deps))
    .route("/services", adminServiceRoutes(deps))
    .route("/products", adminProductRoutes(deps))
    .route("/orders", adminOrderRoutes(deps))
    .route("/provider", adminProviderRoutes(deps))
    .route("/payments", adminPaymentRoutes(deps))
    .route("/mail-outbox", mailOutboxRoutes(deps))
    .route("/invoices", adminInvoiceRoutes(deps))
    .route("/support", adminSupportRoutes(deps))
    .route("/", adminPlanChangeRoutes(deps))
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
