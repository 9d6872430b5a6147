import type { z } from "zod/mini";
import {
  type AdminProduct,
  type AdminProductList,
  type AdminProductQuery,
  adminMessages,
  type CreateProductBody,
  type ProductPlan,
  type ProductRemoval,
  planMessages,
} from "../../contracts/admin.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Db, Sql } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import type { ServerProvider } from "../platform/ports.ts";
import { ProviderError } from "../provider/provider-error.ts";
import { iso } from "./admin-rows.ts";
import { containsPattern, cursorShapes, decodeCursor, pageSize, toPage } from "./list-page.ts";

type PlanColumns = {
  plan_template: string | null;
  plan_cpu_cores: number | null;
  plan_memory_mb: number | null;
  plan_disk_gb: number | null;
  plan_ipv4_count: number | null;
};
type ProductRow = Omit<AdminProduct, "created_at" | "plan"> & { created_at: Date } & PlanColumns;

const productColumns = (sql: Db) => sql`
  p.id, p.name, p.price, p.cpu, p.ram, p.storage, p.uplink, p.ddos_protection, p.product_type,
  p.created_at, p.plan_template, p.plan_cpu_cores, p.plan_memory_mb, p.plan_disk_gb, p.plan_ipv4_count`;

const toAdminProduct = ({
  plan_template,
  plan_cpu_cores,
  plan_memory_mb,
  plan_disk_gb,
  plan_ipv4_count,
  ...row
}: ProductRow): AdminProduct => ({
  ...row,
  created_at: iso(row.created_at),
  plan: plan_template
    ? {
        template: plan_template,
        cpu_cores: plan_cpu_cores!,
        memory_mb: plan_memory_mb!,
        disk_gb: plan_disk_gb!,
        ipv4_count: plan_ipv4_count!,
      }
    : null,
});

/**
 * A plan's template must be one the provider offers (asked now: its list may change). The
 * provider not answering is a 502: the plan is not saved on a guess.
 */
async function checkTemplate(provider: ServerProvider, plan: ProductPlan | null | undefined) {
  if (!plan) return;
  let templates: string[];
  try {
    templates = await provider.templates();
  } catch (err) {
    if (err instanceof ProviderError)
      throw new HttpError(502, ErrorCode.providerFailed, planMessages.providerUnavailable);
    throw err;
  }
  if (!templates.includes(plan.template))
    throw new HttpError(422, ErrorCode.validation, planMessages.templateUnknown);
}

/**
 * SPEC §7: ordered by type then price (name, then id break ties), one page at a time;
 * archived products (removed but ordered) are not listed. `q` matches part of the name.
 */
export async function listAdminProducts(
  sql: Db,
  query: AdminProductQuery = {},
): Promise<AdminProductList> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? decodeCursor("products", query.cursor, cursorShapes.products) : null;
  const rows = await sql<ProductRow[]>`
    select ${productColumns(sql)}, (select count(*)::int from orders o where o.product_id = p.id) as orders_count
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
  return { products: page.map(toAdminProduct), next_cursor };
}

export async function createProduct(
  deps: { sql: Sql; provider: ServerProvider },
  adminId: string,
  body: z.output<typeof CreateProductBody>,
): Promise<AdminProduct> {
  await checkTemplate(deps.provider, body.plan);
  const plan = body.plan ?? null;
  return await deps.sql.begin(async (tx) => {
    const [inserted] = await tx<[{ id: string }?]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type,
        plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count)
      values (${body.name}, ${body.price}::numeric, ${body.cpu}, ${body.ram}, ${body.storage}, ${body.uplink},
        ${body.ddos_protection}, ${body.product_type}, ${plan?.template ?? null}, ${plan?.cpu_cores ?? null},
        ${plan?.memory_mb ?? null}, ${plan?.disk_gb ?? null}, ${plan?.ipv4_count ?? null})
      returning id`;
    invariant(inserted, "product inserted");
    const product = await readAdminProduct(tx, inserted.id);
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

async function readAdminProduct(sql: Db, id: string): Promise<AdminProduct> {
  const [row] = await sql<[ProductRow?]>`
    select ${productColumns(sql)}, (select count(*)::int from orders o where o.product_id = p.id) as orders_count
    from products p where p.id = ${id}`;
  invariant(row, `product ${id} read back`);
  return toAdminProduct(row);
}

/**
 * A VPS product's server plan, changed for the orders placed from now on (a server made already
 * keeps its size: resizing it is a plan change of its own).
 */
export async function setProductPlan(
  deps: { sql: Sql; provider: ServerProvider },
  adminId: string,
  id: string,
  plan: ProductPlan,
): Promise<AdminProduct> {
  await checkTemplate(deps.provider, plan);
  return await deps.sql.begin(async (tx) => {
    const [before] = await tx<[({ product_type: string } & PlanColumns)?]>`
      select product_type, plan_template, plan_cpu_cores, plan_memory_mb, plan_disk_gb, plan_ipv4_count
      from products where id = ${id} and archived_at is null for update`;
    if (!before) throw notFound(adminMessages.productNotFound);
    if (before.product_type !== "vps")
      throw new HttpError(422, ErrorCode.validation, planMessages.dedicatedHasNoPlan);
    await tx`
      update products set plan_template = ${plan.template}, plan_cpu_cores = ${plan.cpu_cores},
        plan_memory_mb = ${plan.memory_mb}, plan_disk_gb = ${plan.disk_gb}, plan_ipv4_count = ${plan.ipv4_count}
      where id = ${id}`;
    const { product_type: _t, ...planBefore } = before;
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.product.plan",
      entity: "product",
      entityId: id,
      before: planBefore,
      after: plan,
    });
    return await readAdminProduct(tx, id);
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
