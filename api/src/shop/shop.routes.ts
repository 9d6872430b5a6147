import type { Context } from "hono";
import { Hono } from "hono";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyHeaders,
  OrderList,
  OrderListQuery,
  OrderParams,
  OrderResult,
  ProductList,
  ProductQuery,
  PurchaseRequest,
} from "../../contracts/shop.ts";
import { accountOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { listOrders, listProducts, purchase, renew, type ShopOutcome } from "./shop.service.ts";

// A replayed key answers 200 with the first outcome; a performed operation answers 201.
const answer = (c: Context<AppEnv>, { replayed, ...result }: ShopOutcome) =>
  c.json(result, replayed ? 200 : 201);

/** Products, purchase, the caller's orders and renewal. */
export function shopRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/products",
      describe({
        operationId: "listProducts",
        summary: "Products on sale, by type, cheapest first",
        tags: ["shop"],
        response: ProductList,
      }),
      requireAuth(deps),
      validate("query", ProductQuery),
      async (c) =>
        c.json({ products: await listProducts(deps.sql, c.req.valid("query").type) }, 200),
    )
    .post(
      "/orders",
      describe({
        operationId: "purchaseProduct",
        summary: `Buy a product with credits (30 days); requires an ${IDEMPOTENCY_HEADER} header`,
        tags: ["shop"],
        response: OrderResult,
        status: 201,
        alsoSuccess: { 200: "The key was used before: the first outcome, nothing bought again" },
        errors: [402, 404, 409],
      }),
      requireAuth(deps),
      validate("json", PurchaseRequest),
      validate("header", IdempotencyHeaders),
      async (c) => {
        const key = c.req.valid("header")["idempotency-key"];
        const { product_id } = c.req.valid("json");
        return answer(c, await purchase(deps.sql, accountOf(c), product_id, key));
      },
    )
    .get(
      "/orders",
      describe({
        operationId: "listOrders",
        summary: "The caller's orders, newest first, one page at a time (next_cursor)",
        tags: ["shop"],
        response: OrderList,
      }),
      requireAuth(deps),
      validate("query", OrderListQuery),
      async (c) => c.json(await listOrders(deps.sql, accountOf(c), c.req.valid("query")), 200),
    )
    .post(
      "/orders/:id/renew",
      describe({
        operationId: "renewOrder",
        summary: `Renew one of the caller's orders for 30 days; requires an ${IDEMPOTENCY_HEADER} header`,
        tags: ["shop"],
        response: OrderResult,
        status: 201,
        alsoSuccess: { 200: "The key was used before: the first outcome, nothing renewed again" },
        errors: [402, 404, 409],
      }),
      requireAuth(deps),
      validate("param", OrderParams),
      validate("header", IdempotencyHeaders),
      async (c) => {
        const key = c.req.valid("header")["idempotency-key"];
        return answer(c, await renew(deps.sql, accountOf(c), c.req.valid("param").id, key));
      },
    );
}
