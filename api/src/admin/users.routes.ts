import { Hono } from "hono";
import {
  AdminUser,
  AdminUserList,
  AdminUserQuery,
  CreateUserBody,
  CreditAdjustmentBody,
  CreditAdjustmentResult,
  IdParam,
  UserStatusBody,
} from "../../contracts/admin.ts";
import { IDEMPOTENCY_HEADER, IdempotencyHeaders } from "../../contracts/shop.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import {
  adjustCredits,
  createUser,
  listUsers,
  removeUser,
  setUserStatus,
} from "./users.service.ts";

/** Admin: users and their credits (mounted at /admin/users behind requireAdmin). */
export function adminUserRoutes(deps: Deps) {
  const { sql } = deps;
  return new Hono<AppEnv>()
    .get(
      "/",
      adminDoc({
        operationId: "adminListUsers",
        summary: "Profiles, newest first, a page at a time (search, cursor)",
        response: AdminUserList,
      }),
      validate("query", AdminUserQuery),
      async (c) => c.json(await listUsers(sql, c.req.valid("query")), 200),
    )
    .post(
      "/",
      adminDoc({
        operationId: "adminCreateUser",
        summary: "Create a user account",
        response: AdminUser,
        status: 201,
        errors: [409],
      }),
      validate("json", CreateUserBody),
      async (c) => c.json(await createUser(sql, c.get("auth").userId, c.req.valid("json")), 201),
    )
    .post(
      "/:id/credits",
      adminDoc({
        operationId: "adminAdjustCredits",
        summary: `Add or remove credits (removal floors at 0); ledger + audit; requires an ${IDEMPOTENCY_HEADER} header`,
        description:
          "A repeat with the same key (a double submit, a retry after a lost answer) changes nothing and gets the first answer; the same key for another user or amount answers 409.",
        response: CreditAdjustmentResult,
        errors: [404, 409],
      }),
      validate("param", IdParam),
      validate("json", CreditAdjustmentBody),
      validate("header", IdempotencyHeaders),
      async (c) => {
        const { userId } = c.get("auth");
        const { id } = c.req.valid("param");
        const body = c.req.valid("json");
        const key = c.req.valid("header")["idempotency-key"];
        const { replayed: _, ...result } = await adjustCredits(
          sql,
          userId,
          id,
          body,
          key,
          deps.config.MAX_BALANCE_EUR,
        );
        return c.json(result, 200);
      },
    )
    .put(
      "/:id/status",
      adminDoc({
        operationId: "adminSetUserStatus",
        summary: "Activate or suspend a user (suspension ends their sessions)",
        response: AdminUser,
        errors: [404, 409],
      }),
      validate("param", IdParam),
      validate("json", UserStatusBody),
      async (c) => {
        const { status } = c.req.valid("json");
        return c.json(
          await setUserStatus(sql, c.get("auth").userId, c.req.valid("param").id, status),
          200,
        );
      },
    )
    .delete(
      "/:id",
      adminDoc({
        operationId: "adminDeleteUser",
        summary: "Remove a user with their orders, services and ledger (balance must be 0)",
        errors: [404, 409],
      }),
      validate("param", IdParam),
      async (c) => {
        await removeUser(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
