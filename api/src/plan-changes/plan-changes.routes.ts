import { Hono } from "hono";
import { IdParam } from "../../contracts/admin.ts";
import {
  AdminCancellationList,
  CancelBody,
  CancellationResult,
  PlanChangeBody,
  PlanChangeResult,
  PlanOptions,
  UpgradePaths,
} from "../../contracts/plan-changes.ts";
import { ServiceParams } from "../../contracts/services.ts";
import { IDEMPOTENCY_HEADER, IdempotencyHeaders } from "../../contracts/shop.ts";
import { adminDoc } from "../admin/admin-doc.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { cancelService, listCancellations, undoCancellation } from "./cancellations.service.ts";
import { changePlan, planOptions, setUpgradePaths, upgradePaths } from "./plan-changes.service.ts";

/** Under /api/services: a customer's plan changes and cancellation of their VPS. */
export function planChangeRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const params = validate("param", ServiceParams);
  const tags = ["services"];
  return new Hono<AppEnv>()
    .get(
      "/:id/plan",
      describe({
        operationId: "getServicePlanOptions",
        summary:
          "The VPS's product, the products it can change to with the prorated difference for the rest of the period (positive: paid now; negative: credited), its latest plan change and cancellation",
        tags,
        response: PlanOptions,
        errors: [404],
      }),
      auth,
      params,
      async (c) => c.json(await planOptions(deps.sql, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/:id/plan-change",
      describe({
        operationId: "changeServicePlan",
        summary: `Change the VPS to another product now: an upgrade pays the prorated difference (invoice), a downgrade gets it back (credit note) once the provider has resized the server; the expiry stays. Requires an ${IDEMPOTENCY_HEADER} header`,
        tags,
        response: PlanChangeResult,
        status: 201,
        alsoSuccess: { 200: "The key was used before: the first outcome, nothing changed again" },
        errors: [402, 403, 404, 409, 422],
      }),
      auth,
      params,
      validate("json", PlanChangeBody),
      validate("header", IdempotencyHeaders),
      async (c) => {
        const { replayed, ...result } = await changePlan(
          deps.sql,
          accountOf(c),
          c.req.valid("param").id,
          c.req.valid("json").product_id,
          c.req.valid("header")["idempotency-key"],
        );
        return c.json(result, replayed ? 200 : 201);
      },
    )
    .post(
      "/:id/cancellation",
      describe({
        operationId: "cancelService",
        summary: `Cancel the VPS at the end of its period (auto-renew off, deleted at the expiry) or now (unused days credited with a credit note, the server stopped and deleted after an undo window), with a reason. Requires an ${IDEMPOTENCY_HEADER} header`,
        tags,
        response: CancellationResult,
        status: 201,
        alsoSuccess: { 200: "The key was used before: the first outcome" },
        errors: [403, 404, 409, 422],
      }),
      auth,
      params,
      validate("json", CancelBody),
      validate("header", IdempotencyHeaders),
      async (c) => {
        const { replayed, ...result } = await cancelService(
          deps.sql,
          accountOf(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          c.req.valid("header")["idempotency-key"],
        );
        return c.json(result, replayed ? 200 : 201);
      },
    )
    .delete(
      "/:id/cancellation",
      describe({
        operationId: "undoServiceCancellation",
        summary:
          "Undo the open cancellation: until the expiry, or for a cancellation now until the server is deleted (the credited days are charged again)",
        tags,
        response: CancellationResult,
        errors: [402, 404, 409],
      }),
      auth,
      params,
      async (c) =>
        c.json(await undoCancellation(deps.sql, accountOf(c), c.req.valid("param").id), 200),
    );
}

/**
 * Under /api/admin (mounted by adminRoutes, behind its guard): upgrade paths of products and the
 * customers' cancellations.
 */
export function adminPlanChangeRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/products/:id/upgrade-paths",
      adminDoc({
        operationId: "adminGetUpgradePaths",
        summary: "The VPS products a product's customers can change to",
        response: UpgradePaths,
        errors: [404],
      }),
      validate("param", IdParam),
      async (c) =>
        c.json({ target_ids: await upgradePaths(deps.sql, c.req.valid("param").id) }, 200),
    )
    .put(
      "/products/:id/upgrade-paths",
      adminDoc({
        operationId: "adminSetUpgradePaths",
        summary:
          "Replace the VPS products a product can change to (each with a server plan and at least the product's disk)",
        response: UpgradePaths,
        errors: [404, 422],
      }),
      validate("param", IdParam),
      validate("json", UpgradePaths),
      async (c) =>
        c.json(
          {
            target_ids: await setUpgradePaths(
              deps.sql,
              accountOf(c),
              c.req.valid("param").id,
              c.req.valid("json").target_ids,
            ),
          },
          200,
        ),
    )
    .get(
      "/cancellations",
      adminDoc({
        operationId: "adminListCancellations",
        summary: "Customers' cancellations, newest first (the latest 200), with their reason",
        response: AdminCancellationList,
      }),
      async (c) => c.json(await listCancellations(deps.sql), 200),
    );
}
