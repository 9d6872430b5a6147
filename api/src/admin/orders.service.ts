import {
  type AdminOrder,
  type AdminOrderList,
  type AdminOrderQuery,
  adminMessages,
} from "../../contracts/admin.ts";
import type { OrderStatus, ServiceStatus } from "../../contracts/common.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { notFound } from "../platform/http-error.ts";
import { conflict, iso, type Keyed } from "./admin-rows.ts";
import { containsPattern, cursorShapes, decodeCursor, pageSize, toPage } from "./list-page.ts";

type OrderRow = Omit<AdminOrder, "created_at" | "expire_date"> & {
  created_at: Date;
  expire_date: Date;
};

/** What the audit row keeps of a service removed with its order (SPEC §4). */
export type RemovedService = {
  id: string;
  user_id: string;
  service_type: string;
  ipv4: string | null;
  reseller_id: number | null;
};

/**
 * SPEC §7: every order with its profile, product name and services, newest first (id breaks ties),
 * one page at a time (fast at 100,000 customers). `q` matches part of the customer's email or
 * username or of the product name; `status` and `expiring_within_days` (expire date between now
 * and now + n days) filter.
 */
export async function listAdminOrders(
  sql: Db,
  query: AdminOrderQuery = {},
): Promise<AdminOrderList> {
  const limit = pageSize(query.limit);
  const after = query.cursor
    ? decodeCursor("orders", query.cursor, cursorShapes.newestFirst)
    : null;
  const q = query.q;
  // The products a search names, looked up first (a small table): the planner then plans the
  // customer search without a product branch, which it would have to assume matches thousands of
  // orders, walking every order newest first (80 ms at 100,000 customers in the bench).
  const productIds = q
    ? (
        await sql<{ id: string }[]>`select id from products where name ilike ${containsPattern(q)}`
      ).map((r) => r.id)
    : [];
  const days = query.expiring_within_days;
  const rows = await sql<(OrderRow & Keyed)[]>`
    select o.id, o.user_id, p.username, p.email, o.product_id, pr.name as product_name,
      pr.price as product_price, (pr.archived_at is not null) as product_archived,
      o.expire_date, o.status, o.created_at,
      coalesce((
        select json_agg(json_build_object('id', s.id, 'service_type', s.service_type,
          'service_status', s.service_status, 'ipv4', s.ipv4) order by s.created_at)
        from services s where s.order_id = o.id), '[]'::json) as services
      , to_json(o.created_at) #>> '{}' as sort_at
    from orders o join profiles p on p.id = o.user_id join products pr on pr.id = o.product_id
    where true
      ${after ? sql`and (o.created_at, o.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
      ${query.status ? sql`and o.status = ${query.status}` : sql``}
      ${
        days !== undefined
          ? sql`and o.expire_date >= now() and o.expire_date <= now() + make_interval(days => ${days}::int)`
          : sql``
      }
      ${
        q
          ? sql`and (o.user_id = any(array(select id from profiles
            where email ilike ${containsPattern(q)} or username ilike ${containsPattern(q)}))
          ${productIds.length ? sql`or o.product_id = any(${productIds}::uuid[])` : sql``})`
          : sql``
      }
    order by o.created_at desc, o.id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "orders", (r) => [r.sort_at, r.id]);
  return {
    orders: page.map(({ sort_at: _k, ...r }) => ({
      ...r,
      created_at: iso(r.created_at),
      expire_date: iso(r.expire_date),
    })),
    next_cursor,
  };
}

/**
 * SPEC §4: suspended or expired suspends every linked service, active activates them; the order
 * and its services change together.
 */
export async function setOrderStatus(
  sql: Sql,
  adminId: string,
  id: string,
  status: OrderStatus,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [before] = await tx<[{ status: OrderStatus }?]>`
      select status from orders where id = ${id} for update`;
    if (!before) throw notFound(adminMessages.orderNotFound);
    // A cancelled order was refunded: making it active again would give its server away.
    if (before.status === "cancelled") throw conflict(adminMessages.orderCancelled);
    const serviceStatus: ServiceStatus = status === "active" ? "active" : "suspended";
    // Only live services follow the order: one still being made, failed or deleted keeps its state.
    const previous = await tx<{ id: string; service_status: ServiceStatus }[]>`
      select id, service_status from services
      where order_id = ${id} and service_status in ('active', 'suspended') order by id for update`;
    await tx`update orders set status = ${status} where id = ${id}`;
    await tx`update services set service_status = ${serviceStatus}
      where order_id = ${id} and service_status in ('active', 'suspended')`;
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.order.status",
      entity: "order",
      entityId: id,
      before: { status: before.status, services: previous },
      after: {
        status,
        services: previous.map((s) => ({ id: s.id, service_status: serviceStatus })),
      },
    });
  });
}

/**
 * SPEC §4: an order goes with its linked services (removing either removes both). Locks the order,
 * deletes the services, then the order; returns what was there for the audit row (no order row
 * when it was already gone).
 */
export async function deleteOrderWithServices(
  tx: Tx,
  orderId: string,
): Promise<{ order: Record<string, unknown> | undefined; services: RemovedService[] }> {
  const [order] = await tx<[Record<string, unknown>?]>`
    select id, user_id, product_id, status, expire_date from orders where id = ${orderId} for update`;
  const services = await tx<RemovedService[]>`
    delete from services where order_id = ${orderId} returning id, user_id, service_type, ipv4, reseller_id`;
  await tx`delete from orders where id = ${orderId}`;
  return { order, services };
}

/** SPEC §4: removing an order deletes its linked services, then the order. */
export async function removeOrder(sql: Sql, adminId: string, id: string): Promise<void> {
  await sql.begin(async (tx) => {
    const { order, services } = await deleteOrderWithServices(tx, id);
    if (!order) throw notFound(adminMessages.orderNotFound);
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.order.remove",
      entity: "order",
      entityId: id,
      before: { order, services },
      after: null,
    });
  });
}
