import { Hono } from "hono";
import {
  AdminService,
  AdminServiceList,
  AdminServiceQuery,
  CompleteSetupBody,
  CreateServiceBody,
  IdParam,
  LinkServiceBody,
  RemoveServiceQuery,
  ServiceStatusBody,
} from "../../contracts/admin.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import {
  completeSetup,
  createService,
  linkService,
  listAdminServices,
  removeService,
  retryProvisioning,
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
    .post(
      "/:id/retry-provisioning",
      adminDoc({
        operationId: "adminRetryProvisioning",
        summary:
          "Charge the customer again and provision a VPS whose provisioning failed (its order was cancelled and refunded)",
        response: AdminService,
        errors: [402, 404, 409],
      }),
      validate("param", IdParam),
      async (c) =>
        c.json(await retryProvisioning(sql, c.get("auth").userId, c.req.valid("param").id), 200),
    )
    .put(
      "/:id/setup",
      adminDoc({
        operationId: "adminCompleteServiceSetup",
        summary: "Finish setting up a dedicated server: its IPv4, the provider's id and its specs",
        response: AdminService,
        errors: [404, 409],
      }),
      validate("param", IdParam),
      validate("json", CompleteSetupBody),
      async (c) =>
        c.json(
          await completeSetup(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            c.req.valid("json"),
          ),
          200,
        ),
    )
    .delete(
      "/:id",
      adminDoc({
        operationId: "adminDeleteService",
        summary:
          "Remove a service and its linked order (SPEC §4); with delete_at_provider=true its server is deleted at the provider too, in a durable job",
        errors: [404],
      }),
      validate("param", IdParam),
      validate("query", RemoveServiceQuery),
      async (c) => {
        await removeService(sql, c.get("auth").userId, c.req.valid("param").id, {
          deleteAtProvider: c.req.valid("query").delete_at_provider ?? false,
        });
        return c.body(null, 204);
      },
    );
}
