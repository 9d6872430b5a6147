import type { z } from "zod";
import {
  type AdminProduct,
  type AdminProductList,
  type AdminProductQuery,
  adminMessages,
  type CreateProductBody,
  type ProductRemoval,
} from "../../contracts/admin.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Db, Sql } from "../db.ts";
import { notFound } from "../http-error.ts";
import { invariant } from "../invariant.ts";
import { iso } from "./admin-rows.ts";
import { containsPattern, cursorShapes, decodeCursor, pageSize, toPage } from "./list-page.ts";

type ProductRow = Omit<AdminProduct, "created_at"> & { created_at: Date };

/**
 * SPEC §7: ordered by type then price (name, then id break ties), one page at a time (issue 18);
 * archived products (removed but ordered) are not listed. `q` matches part of the name.
 */
export async function listAdminProducts(
  sql: Db,
  query: AdminProductQuery = {},
): Promise<AdminProductList> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? decodeCursor("products", query.cursor, cursorShapes.products) : null;
  const rows = await sql<ProductRow[]>`
    select p.id, p.name, p.price, p.cpu, p.ram, p.storage, p.uplink, p.ddos_protection, p.product_type,
      p.created_at, (select count(*)::int from orders o where o.product_id = p.id) as orders_count
    from products p where p.archived_at is null
      ${
        after
          ? sql`and (p.product_type, p.price, p.name, p.id)
          > (${after[0]!}, ${after[1]!}::numeric, ${after[2]!}, ${after[3]!}::uuid)`
          : sql``
      }
      ${query.type ? sql`and p.product_type = ${query.type}` : sql``}
      ${query.q ? sql`and p.name ilike ${containsPattern(query.q)}` : sql``}
    order by p.product_type, p.price, p.name, p.id
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "products", (r) => [
    r.product_type,
    r.price,
    r.name,
    r.id,
  ]);
  return { products: page.map((r) => ({ ...r, created_at: iso(r.created_at) })), next_cursor };
}

export async function createProduct(
  sql: Sql,
  adminId: string,
  body: z.output<typeof CreateProductBody>,
): Promise<AdminProduct> {
  return await sql.begin(async (tx) => {
    const [row] = await tx<[ProductRow?]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values (${body.name}, ${body.price}::numeric, ${body.cpu}, ${body.ram}, ${body.storage}, ${body.uplink},
        ${body.ddos_protection}, ${body.product_type})
      returning id, name, price, cpu, ram, storage, uplink, ddos_protection, product_type, created_at, 0 as orders_count`;
    invariant(row, "product inserted");
    const product = { ...row, created_at: iso(row.created_at) };
    const { orders_count: _c, ...snapshot } = product;
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.product.create",
      entity: "product",
      entityId: product.id,
      after: snapshot,
    });
    return product;
  });
}

/**
 * A product with orders is archived (hidden from the shop and this list) so those orders keep
 * working and keep its name; one without orders is deleted. The row lock plus the FK's key-share
 * lock from a concurrent purchase means the decision cannot race an order being placed.
 */
export async function removeProduct(
  sql: Sql,
  adminId: string,
  id: string,
): Promise<ProductRemoval["outcome"]> {
  return await sql.begin(async (tx) => {
    const [product] = await tx<[Record<string, unknown>?]>`
      select id, name, price, product_type, archived_at from products where id = ${id} and archived_at is null
      for update`;
    if (!product) throw notFound(adminMessages.productNotFound);
    const [ordered] = await tx<[object?]>`select 1 from orders where product_id = ${id} limit 1`;
    const outcome = ordered ? "archived" : "deleted";
    if (ordered) await tx`update products set archived_at = now() where id = ${id}`;
    else await tx`delete from products where id = ${id}`;
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.product.${ordered ? "archive" : "delete"}`,
      entity: "product",
      entityId: id,
      before: product,
      after: ordered ? { archived: true } : null,
    });
    return outcome;
  });
}
