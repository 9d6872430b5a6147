import { Hono } from "hono";
import {
  AdminOrderList,
  AdminOrderQuery,
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  AdminService,
  AdminServiceList,
  AdminServiceQuery,
  AdminUser,
  AdminUserList,
  AdminUserQuery,
  AuditList,
  AuditQuery,
  CreateProductBody,
  CreateServiceBody,
  CreateUserBody,
  CreditAdjustmentBody,
  CreditAdjustmentResult,
  IdParam,
  LinkServiceBody,
  OrderStatusBody,
  ProductRemoval,
  ServiceStatusBody,
  UserStatusBody,
} from "../../contracts/admin.ts";
import { requireAdmin, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../context.ts";
import { describe, validate } from "../openapi.ts";
import {
  adjustCredits,
  createProduct,
  createService,
  createUser,
  linkService,
  listAdminOrders,
  listAdminProducts,
  listAdminServices,
  listAudit,
  listUsers,
  removeOrder,
  removeProduct,
  removeService,
  removeUser,
  setOrderStatus,
  setServiceStatus,
  setUserStatus,
} from "./admin.service.ts";

/**
 * The admin domain (issue 7): users and credits, services, products, orders, audit log. Every
 * route sits behind requireAuth + requireAdmin, so a customer or anonymous call is refused (401 /
 * 403) before any handler runs, whatever the browser shows.
 */
export function adminRoutes(deps: Deps) {
  const tags = ["admin"];
  const { sql } = deps;
  return new Hono<AppEnv>()
    .use("*", requireAuth(deps), requireAdmin(deps))
    .get(
      "/users",
      describe({
        summary: "Profiles, newest first, a page at a time (search, cursor)",
        tags,
        response: AdminUserList,
      }),
      validate("query", AdminUserQuery),
      async (c) => c.json(await listUsers(sql, c.req.valid("query")), 200),
    )
    .post(
      "/users",
      describe({ summary: "Create a user account", tags, response: AdminUser, status: 201 }),
      validate("json", CreateUserBody),
      async (c) => c.json(await createUser(sql, c.get("auth").userId, c.req.valid("json")), 201),
    )
    .post(
      "/users/:id/credits",
      describe({
        summary: "Add or remove credits (removal floors at 0); ledger + audit",
        tags,
        response: CreditAdjustmentResult,
      }),
      validate("param", IdParam),
      validate("json", CreditAdjustmentBody),
      async (c) => {
        const { operation, amount } = c.req.valid("json");
        return c.json(
          await adjustCredits(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            operation,
            amount,
            deps.config.MAX_BALANCE_EUR,
          ),
          200,
        );
      },
    )
    .put(
      "/users/:id/status",
      describe({
        summary: "Activate or suspend a user (suspension ends their sessions)",
        tags,
        response: AdminUser,
      }),
      validate("param", IdParam),
      validate("json", UserStatusBody),
      async (c) =>
        c.json(
          await setUserStatus(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            c.req.valid("json").status,
          ),
          200,
        ),
    )
    .delete(
      "/users/:id",
      describe({
        summary: "Remove a user with their orders, services and ledger (balance must be 0)",
        tags,
      }),
      validate("param", IdParam),
      async (c) => {
        await removeUser(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .get(
      "/services",
      describe({
        summary:
          "Services with owner and order link, newest first, a page at a time (search, filters, cursor)",
        tags,
        response: AdminServiceList,
      }),
      validate("query", AdminServiceQuery),
      async (c) => c.json(await listAdminServices(sql, c.req.valid("query")), 200),
    )
    .post(
      "/services",
      describe({
        summary: "Create a service for a user",
        tags,
        response: AdminService,
        status: 201,
      }),
      validate("json", CreateServiceBody),
      async (c) => c.json(await createService(sql, c.get("auth").userId, c.req.valid("json")), 201),
    )
    .put(
      "/services/:id/status",
      describe({ summary: "Activate or suspend a service", tags, response: AdminService }),
      validate("param", IdParam),
      validate("json", ServiceStatusBody),
      async (c) =>
        c.json(
          await setServiceStatus(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            c.req.valid("json").status,
          ),
          200,
        ),
    )
    .put(
      "/services/:id/order",
      describe({
        summary: "Link the service to an order of its user (null unlinks)",
        tags,
        response: AdminService,
      }),
      validate("param", IdParam),
      validate("json", LinkServiceBody),
      async (c) =>
        c.json(
          await linkService(
            sql,
            c.get("auth").userId,
            c.req.valid("param").id,
            c.req.valid("json").order_id,
          ),
          200,
        ),
    )
    .delete(
      "/services/:id",
      describe({ summary: "Remove a service and its linked order (SPEC §4)", tags }),
      validate("param", IdParam),
      async (c) => {
        await removeService(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .get(
      "/products",
      describe({
        summary: "Products by type then price, a page at a time (search, cursor)",
        tags,
        response: AdminProductList,
      }),
      validate("query", AdminProductQuery),
      async (c) => c.json(await listAdminProducts(sql, c.req.valid("query")), 200),
    )
    .post(
      "/products",
      describe({ summary: "Create a product", tags, response: AdminProduct, status: 201 }),
      validate("json", CreateProductBody),
      async (c) => c.json(await createProduct(sql, c.get("auth").userId, c.req.valid("json")), 201),
    )
    .delete(
      "/products/:id",
      describe({
        summary: "Remove a product (archived if it has orders)",
        tags,
        response: ProductRemoval,
      }),
      validate("param", IdParam),
      async (c) =>
        c.json(
          { outcome: await removeProduct(sql, c.get("auth").userId, c.req.valid("param").id) },
          200,
        ),
    )
    .get(
      "/orders",
      describe({
        summary:
          "Orders with profile, product and services, newest first, a page at a time (search, filters, cursor)",
        tags,
        response: AdminOrderList,
      }),
      validate("query", AdminOrderQuery),
      async (c) => c.json(await listAdminOrders(sql, c.req.valid("query")), 200),
    )
    .put(
      "/orders/:id/status",
      describe({ summary: "Set an order's status; its services follow (SPEC §4)", tags }),
      validate("param", IdParam),
      validate("json", OrderStatusBody),
      async (c) => {
        await setOrderStatus(
          sql,
          c.get("auth").userId,
          c.req.valid("param").id,
          c.req.valid("json").status,
        );
        return c.body(null, 204);
      },
    )
    .delete(
      "/orders/:id",
      describe({ summary: "Remove an order and its linked services (SPEC §4)", tags }),
      validate("param", IdParam),
      async (c) => {
        await removeOrder(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .get(
      "/audit",
      describe({ summary: "The audit log, newest first", tags, response: AuditList }),
      validate("query", AuditQuery),
      async (c) => c.json(await listAudit(sql, c.req.valid("query")), 200),
    );
}
