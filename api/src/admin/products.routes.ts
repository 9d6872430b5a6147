import { Hono } from "hono";
import {
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  CreateProductBody,
  IdParam,
  ProductPlan,
  ProductRemoval,
} from "../../contracts/admin.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { validate } from "../platform/openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import {
  createProduct,
  listAdminProducts,
  removeProduct,
  setProductPlan,
} from "./products.service.ts";

/** Admin: the product catalogue (mounted at /admin/products). */
export function adminProductRoutes(deps: Deps) {
  const { sql } = deps;
  return new Hono<AppEnv>()
    .get(
      "/",
      adminDoc({
        operationId: "adminListProducts",
        summary: "Products by type then price, a page at a time (search, cursor)",
        response: AdminProductList,
      }),
      validate("query", AdminProductQuery),
      async (c) => c.json(await listAdminProducts(sql, c.req.valid("query")), 200),
    )
    .post(
      "/",
      adminDoc({
        operationId: "adminCreateProduct",
        summary:
          "Create a product; a VPS needs its server plan, whose template must be in the provider's list",
        response: AdminProduct,
        status: 201,
        errors: [422, 502],
      }),
      validate("json", CreateProductBody),
      async (c) =>
        c.json(await createProduct(deps, c.get("auth").userId, c.req.valid("json")), 201),
    )
    .put(
      "/:id/plan",
      adminDoc({
        operationId: "adminSetProductPlan",
        summary: "Change a VPS product's server plan (for orders placed from now on)",
        response: AdminProduct,
        errors: [404, 422, 502],
      }),
      validate("param", IdParam),
      validate("json", ProductPlan),
      async (c) =>
        c.json(
          await setProductPlan(
            deps,
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
        operationId: "adminDeleteProduct",
        summary: "Remove a product (archived if it has orders)",
        response: ProductRemoval,
        errors: [404],
      }),
      validate("param", IdParam),
      async (c) => {
        const outcome = await removeProduct(sql, c.get("auth").userId, c.req.valid("param").id);
        return c.json({ outcome }, 200);
      },
    );
}
