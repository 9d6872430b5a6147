import { Hono } from "hono";
import {
  AdminOrderList,
  AdminOrderQuery,
  IdParam,
  OrderStatusBody,
} from "../../contracts/admin.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import { listAdminOrders, removeOrder, setOrderStatus } from "./orders.service.ts";

/** Admin: every customer's orders (mounted at /admin/orders). */
export function adminOrderRoutes(deps: Deps) {
  const { sql } = deps;
  return new Hono<AppEnv>()
    .get(
      "/",
      adminDoc({
        operationId: "adminListOrders",
        summary:
          "Orders with profile, product and services, newest first, a page at a time (search, filters, cursor)",
        response: AdminOrderList,
      }),
      validate("query", AdminOrderQuery),
      async (c) => c.json(await listAdminOrders(sql, c.req.valid("query")), 200),
    )
    .put(
      "/:id/status",
      adminDoc({
        operationId: "adminSetOrderStatus",
        summary: "Set an order's status; its services follow (SPEC §4)",
        errors: [404],
      }),
      validate("param", IdParam),
      validate("json", OrderStatusBody),
      async (c) => {
        const { status } = c.req.valid("json");
        await setOrderStatus(sql, c.get("auth").userId, c.req.valid("param").id, status);
        return c.body(null, 204);
      },
    )
    .delete(
      "/:id",
      adminDoc({
        operationId: "adminDeleteOrder",
        summary: "Remove an order and its linked services (SPEC §4)",
        errors: [404],
      }),
      validate("param", IdParam),
      async (c) => {
        await removeOrder(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
