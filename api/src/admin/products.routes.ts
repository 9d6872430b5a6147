import { Hono } from "hono";
import {
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  CreateProductBody,
  IdParam,
  ProductRemoval,
} from "../../contracts/admin.ts";
import type { AppEnv, Deps } from "../context.ts";
import { validate } from "../openapi.ts";
import { adminDoc } from "./admin-doc.ts";
import { createProduct, listAdminProducts, removeProduct } from "./products.service.ts";

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
        summary: "Create a product",
        response: AdminProduct,
        status: 201,
      }),
      validate("json", CreateProductBody),
      async (c) => c.json(await createProduct(sql, c.get("auth").userId, c.req.valid("json")), 201),
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
