import { Hono } from "hono";
import {
  AdminService,
  AdminServiceList,
  AdminServiceQuery,
  CreateServiceBody,
  IdParam,
  LinkServiceBody,
  ServiceStatusBody,
} from "../../contracts/admin.ts";
import type { AppEnv, Deps } from "../context.ts";
import { validate } from "../openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import {
  createService,
  linkService,
  listAdminServices,
  removeService,
  setServiceStatus,
} from "./services.service.ts";

/** Admin: services, their status and their order link (mounted at /admin/services). */
export function adminServiceRoutes(deps: Deps) {
  const { sql } = deps;
  return new Hono<AppEnv>()
    .get(
      "/",
      adminDoc({
        operationId: "adminListServices",
        summary:
          "Services with owner and order link, newest first, a page at a time (search, filters, cursor)",
        response: AdminServiceList,
      }),
      validate("query", AdminServiceQuery),
      async (c) => c.json(await listAdminServices(sql, c.req.valid("query")), 200),
    )
    .post(
      "/",
      adminDoc({
        operationId: "adminCreateService",
        summary: "Create a service for a user",
        response: AdminService,
        status: 201,
      }),
      validate("json", CreateServiceBody),
      async (c) => c.json(await createService(sql, c.get("auth").userId, c.req.valid("json")), 201),
    )
    .put(
      "/:id/status",
      adminDoc({
        operationId: "adminSetServiceStatus",
        summary: "Activate or suspend a service",
        response: AdminService,
        errors: [404],
      }),
      validate("param", IdParam),
      validate("json", ServiceStatusBody),
      async (c) => {
        const { status } = c.req.valid("json");
        return c.json(
          await setServiceStatus(sql, c.get("auth").userId, c.req.valid("param").id, status),
          200,
        );
      },
    )
    .put(
      "/:id/order",
      adminDoc({
        operationId: "adminLinkServiceOrder",
        summary: "Link the service to an order of its user (null unlinks)",
        response: AdminService,
        errors: [404, 409],
      }),
      validate("param", IdParam),
      validate("json", LinkServiceBody),
      async (c) => {
        const { order_id } = c.req.valid("json");
        return c.json(
          await linkService(sql, c.get("auth").userId, c.req.valid("param").id, order_id),
          200,
        );
      },
    )
    .delete(
      "/:id",
      adminDoc({
        operationId: "adminDeleteService",
        summary: "Remove a service and its linked order (SPEC §4)",
        errors: [404],
      }),
      validate("param", IdParam),
      async (c) => {
        await removeService(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
