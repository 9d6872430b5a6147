import type {
  AdminOrderQuery,
  AdminProductQuery,
  AdminServiceQuery,
  AdminUserQuery,
  CreateUserBody,
} from "../../contracts/admin.ts";
import {
  type AdminOrder,
  type AdminProduct,
  type AdminService,
  type AdminUser,
  type AuditEntry,
  adminMessages,
  type CreditAdjustmentResult,
  type CreditOperation,
} from "../../contracts/admin.ts";
import type { OrderStatus, ServiceStatus } from "../../contracts/common.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { recordAudit } from "../audit/audit.ts";
import { createAccount } from "../auth/auth.service.ts";
import { sessionCache } from "../auth/session-cache.ts";
import { assertBalanceRoom } from "../billing/billing.service.ts";
import type { Db, Sql, Tx } from "../db.ts";
import { HttpError, notFound } from "../http-error.ts";
import {
  containsPattern,
  cursorShapes,
  decodeCursor,
  idPrefixRange,
  pageSize,
  toPage,
} from "./list-page.ts";

const conflict = (message: string) => new HttpError(409, ErrorCode.conflict, message);
const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------- users and credits

type UserRow = Omit<AdminUser, "created_at"> & { created_at: Date };

const userColumns = (sql: Db) => sql`
  p.id, p.username, p.email, p.credits, p.status, p.created_at,
  exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin') as is_admin,
  (select count(*)::int from orders o where o.user_id = p.id) as orders_count,
  (select count(*)::int from services s where s.user_id = p.id) as services_count`;

const toUser = (row: UserRow): AdminUser => ({ ...row, created_at: iso(row.created_at) });

/** The sort key as exact text (ISO 8601 with microseconds, whatever the DateStyle), for cursors. */
type Keyed = { sort_at: string };

/**
 * SPEC §7: all profiles, newest first (id breaks ties), one page at a time (issue 18). `q` matches
 * part of the username or email (trigram indexes) or the start of the id (a primary-key range).
 */
export async function listUsers(
  sql: Db,
  query: AdminUserQuery = {},
): Promise<{ users: AdminUser[]; next_cursor: string | null }> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? decodeCursor("users", query.cursor, cursorShapes.newestFirst) : null;
  const q = query.q;
  const ids = q ? idPrefixRange(q) : null;
  const rows = await sql<(UserRow & Keyed)[]>`
    select ${userColumns(sql)}, to_json(p.created_at) #>> '{}' as sort_at from profiles p
    where true
      ${after ? sql`and (p.created_at, p.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
      ${
        q
          ? sql`and (p.username ilike ${containsPattern(q)} or p.email ilike ${containsPattern(q)}
          ${ids ? sql`or p.id between ${ids[0]}::uuid and ${ids[1]}::uuid` : sql``})`
          : sql``
      }
    order by p.created_at desc, p.id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "users", (r) => [r.sort_at, r.id]);
  return { users: page.map(({ sort_at: _k, ...r }) => toUser(r)), next_cursor };
}

export async function getAdminUser(sql: Db, id: string): Promise<AdminUser | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from profiles p where p.id = ${id}`;
  return row && toUser(row);
}

/**
 * Adds or removes credits in one transaction with its ledger row and audit row. The row lock makes
 * concurrent adjustments queue; a removal floors at 0 and the ledger carries the delta actually
 * applied, so the ledger always sums to the balance. Arithmetic happens in SQL on numeric.
 */
export async function adjustCredits(
  sql: Sql,
  adminId: string,
  userId: string,
  operation: CreditOperation,
  amount: string,
  /** Issue 15 (a): MAX_BALANCE_EUR; an addition past it is refused with a 422. */
  maxBalance?: string,
): Promise<CreditAdjustmentResult> {
  return await sql.begin(async (tx) => {
    const [before] = await tx<{ credits: string }[]>`
      select credits from profiles where id = ${userId} for update`;
    if (!before) throw notFound(adminMessages.userNotFound);
    if (operation === "add" && maxBalance) await assertBalanceRoom(tx, userId, amount, maxBalance);
    const [after] = await tx<{ credits: string; applied: string }[]>`
      update profiles set credits = case when ${operation} = 'add'
          then credits + ${amount}::numeric
          else greatest(credits - ${amount}::numeric, 0) end
      where id = ${userId}
      returning credits, (credits - ${before.credits}::numeric)::numeric(12, 2)::text as applied`;
    let transactionId: string | null = null;
    if (!/^-?0\.00$/.test(after!.applied)) {
      const [ledger] = await tx<{ id: string }[]>`
        insert into transactions (user_id, amount, status, kind, admin_id)
        values (${userId}, ${after!.applied}::numeric, 'paid', 'admin_adjustment', ${adminId})
        returning id`;
      transactionId = ledger!.id;
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.credits.${operation}`,
      entity: "profile",
      entityId: userId,
      before: { credits: before.credits },
      after: {
        credits: after!.credits,
        requested: amount,
        applied: after!.applied,
        transaction_id: transactionId,
      },
    });
    const user = await getAdminUser(tx, userId);
    return { user: user!, applied: after!.applied, transaction_id: transactionId };
  });
}

/** A real account (argon2id via createAccount), unlike the original's info message. */
export async function createUser(
  sql: Sql,
  adminId: string,
  body: CreateUserBody,
): Promise<AdminUser> {
  const user = await createAccount(sql, body);
  // createAccount commits on its own; the audit row follows right after in its own statement.
  await recordAudit(sql, {
    actorId: adminId,
    action: "admin.user.create",
    entity: "profile",
    entityId: user.id,
    after: { username: user.username, email: user.email },
  });
  return (await getAdminUser(sql, user.id))!;
}

/**
 * Suspending ends the user's sessions too: the middleware already refuses a suspended user, but a
 * later re-activation must not bring old stolen tokens back to life.
 */
export async function setUserStatus(
  sql: Sql,
  adminId: string,
  userId: string,
  status: "active" | "suspended",
): Promise<AdminUser> {
  if (userId === adminId) throw conflict(adminMessages.notYourself);
  return await sql.begin(async (tx) => {
    const [before] = await tx<
      { status: string }[]
    >`select status from profiles where id = ${userId} for update`;
    if (!before) throw notFound(adminMessages.userNotFound);
    await tx`update profiles set status = ${status} where id = ${userId}`;
    let revoked = 0;
    if (status === "suspended") {
      const res =
        await tx`update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null`;
      sessionCache.invalidateUser(userId);
      revoked = res.count;
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: status === "suspended" ? "admin.user.suspend" : "admin.user.activate",
      entity: "profile",
      entityId: userId,
      before: { status: before.status },
      after: { status, sessions_revoked: revoked },
    });
    return (await getAdminUser(tx, userId))!;
  });
}

/**
 * Removing a user is a hard delete: their orders, services, sessions and ledger rows go with the
 * profile (the schema cascades). So that no money disappears silently, it is refused while the
 * balance is above zero — the admin removes the credits first, which the ledger and audit record.
 * The audit row keeps a snapshot of what was deleted. Admins cannot remove themselves.
 */
export async function removeUser(sql: Sql, adminId: string, userId: string): Promise<void> {
  if (userId === adminId) throw conflict(adminMessages.notYourself);
  await sql.begin(async (tx) => {
    const [row] = await tx<
      UserRow[]
    >`select ${userColumns(tx)} from profiles p where p.id = ${userId} for update of p`;
    if (!row) throw notFound(adminMessages.userNotFound);
    if (row.credits !== "0.00") throw conflict(adminMessages.userHasCredits);
    const [ledger] = await tx<{ count: number; sum: string }[]>`
      select count(*)::int as count, coalesce(sum(amount), 0)::numeric(12, 2)::text as sum
      from transactions where user_id = ${userId}`;
    await tx`delete from profiles where id = ${userId}`;
    sessionCache.invalidateUser(userId);
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.user.remove",
      entity: "profile",
      entityId: userId,
      before: { ...toUser(row), ledger_rows: ledger!.count, ledger_sum: ledger!.sum },
      after: null,
    });
  });
}

// ---------------------------------------------------------------- services

type ServiceRow = Omit<AdminService, "created_at"> & { created_at: Date };

const serviceColumns = (sql: Db) => sql`
  s.id, s.user_id, p.username, p.email, s.service_type, s.service_status, s.ipv4, s.ram, s.cpu,
  s.storage, s.reseller_id, s.order_id, s.created_at`;

const toAdminService = (row: ServiceRow): AdminService => ({
  ...row,
  created_at: iso(row.created_at),
});

/**
 * Newest first (id breaks ties), one page at a time (issue 18). `q` matches part of the IPv4 or of
 * the owner's email, the reseller id (digits) or the start of the id; `type` and `status` filter.
 * The owner match is an `= any(array(...))` on services_user_idx, so every branch of the OR is an
 * index scan.
 */
export async function listAdminServices(
  sql: Db,
  query: AdminServiceQuery = {},
): Promise<{ services: AdminService[]; next_cursor: string | null }> {
  const limit = pageSize(query.limit);
  const after = query.cursor
    ? decodeCursor("services", query.cursor, cursorShapes.newestFirst)
    : null;
  const q = query.q;
  const ids = q ? idPrefixRange(q) : null;
  const reseller = q && /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
  const rows = await sql<(ServiceRow & Keyed)[]>`
    select ${serviceColumns(sql)}, to_json(s.created_at) #>> '{}' as sort_at
    from services s join profiles p on p.id = s.user_id
    where true
      ${after ? sql`and (s.created_at, s.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
      ${query.type ? sql`and s.service_type = ${query.type}` : sql``}
      ${query.status ? sql`and s.service_status = ${query.status}` : sql``}
      ${
        q
          ? sql`and (s.ipv4 ilike ${containsPattern(q)}
          or s.user_id = any(array(select id from profiles where email ilike ${containsPattern(q)}))
          ${reseller !== null ? sql`or s.reseller_id = ${reseller}` : sql``}
          ${ids ? sql`or s.id between ${ids[0]}::uuid and ${ids[1]}::uuid` : sql``})`
          : sql``
      }
    order by s.created_at desc, s.id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "services", (r) => [r.sort_at, r.id]);
  return { services: page.map(({ sort_at: _k, ...r }) => toAdminService(r)), next_cursor };
}

async function getAdminService(sql: Db, id: string): Promise<AdminService | undefined> {
  const [row] = await sql<ServiceRow[]>`
    select ${serviceColumns(sql)} from services s join profiles p on p.id = s.user_id where s.id = ${id}`;
  return row && toAdminService(row);
}

const serviceSnapshot = (s: AdminService) => {
  const { username: _u, email: _e, ...rest } = s;
  return rest;
};

export async function createService(
  sql: Sql,
  adminId: string,
  body: {
    user_id: string;
    service_type: "vps" | "dedicated";
    ipv4: string;
    ram: string;
    cpu: string;
    storage: string;
    reseller_id: number;
  },
): Promise<AdminService> {
  return await sql.begin(async (tx) => {
    const [owner] = await tx`select 1 from profiles where id = ${body.user_id} for share`;
    if (!owner) throw new HttpError(422, ErrorCode.validation, adminMessages.userNotFound);
    const [row] = await tx<{ id: string }[]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      values (${body.user_id}, ${body.service_type}, 'active', ${body.ipv4}, ${body.ram}, ${body.cpu},
        ${body.storage}, ${body.reseller_id})
      returning id`;
    const service = (await getAdminService(tx, row!.id))!;
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.service.create",
      entity: "service",
      entityId: service.id,
      after: serviceSnapshot(service),
    });
    return service;
  });
}

async function lockService(tx: Tx, id: string) {
  const [row] = await tx<
    { id: string; user_id: string; service_status: ServiceStatus; order_id: string | null }[]
  >`
    select id, user_id, service_status, order_id from services where id = ${id} for update`;
  if (!row) throw notFound(adminMessages.serviceNotFound);
  return row;
}

export async function setServiceStatus(
  sql: Sql,
  adminId: string,
  id: string,
  status: ServiceStatus,
): Promise<AdminService> {
  return await sql.begin(async (tx) => {
    const before = await lockService(tx, id);
    await tx`update services set service_status = ${status} where id = ${id}`;
    await recordAudit(tx, {
      actorId: adminId,
      action: status === "active" ? "admin.service.activate" : "admin.service.suspend",
      entity: "service",
      entityId: id,
      before: { service_status: before.service_status },
      after: { service_status: status },
    });
    return (await getAdminService(tx, id))!;
  });
}

/**
 * SPEC §4: a service can be linked to an order of the same user, unless it is linked to another
 * order already (unlink first). The order row is locked so it cannot vanish mid-link.
 */
export async function linkService(
  sql: Sql,
  adminId: string,
  id: string,
  orderId: string | null,
): Promise<AdminService> {
  return await sql.begin(async (tx) => {
    const service = await lockService(tx, id);
    if (orderId !== null) {
      const [order] = await tx<
        { user_id: string }[]
      >`select user_id from orders where id = ${orderId} for share`;
      if (!order) throw notFound(adminMessages.orderNotFound);
      if (order.user_id !== service.user_id) throw conflict(adminMessages.otherUsersOrder);
      if (service.order_id !== null && service.order_id !== orderId)
        throw conflict(adminMessages.linkedElsewhere);
    }
    await tx`update services set order_id = ${orderId} where id = ${id}`;
    await recordAudit(tx, {
      actorId: adminId,
      action: orderId === null ? "admin.service.unlink" : "admin.service.link",
      entity: "service",
      entityId: id,
      before: { order_id: service.order_id },
      after: { order_id: orderId },
    });
    return (await getAdminService(tx, id))!;
  });
}

type DeletedService = {
  id: string;
  user_id: string;
  service_type: string;
  ipv4: string;
  reseller_id: number;
};

/**
 * SPEC §4: removing a service also deletes its linked order — and with it, by the same rule, any
 * other service linked to that order. One transaction; the audit row lists everything removed.
 */
export async function removeService(
  sql: Sql,
  adminId: string,
  id: string,
): Promise<{ deleted_order_id: string | null }> {
  return await sql.begin(async (tx) => {
    const service = await lockService(tx, id);
    let deleted: DeletedService[];
    let order: Record<string, unknown> | null = null;
    if (service.order_id) {
      [order = null] = await tx<
        Record<string, unknown>[]
      >`select id, user_id, product_id, status, expire_date from orders where id = ${service.order_id} for update`;
      deleted = await tx<DeletedService[]>`
        delete from services where order_id = ${service.order_id}
        returning id, user_id, service_type, ipv4, reseller_id`;
      await tx`delete from orders where id = ${service.order_id}`;
    } else {
      deleted = await tx<DeletedService[]>`
        delete from services where id = ${id} returning id, user_id, service_type, ipv4, reseller_id`;
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.service.remove",
      entity: "service",
      entityId: id,
      before: { services: deleted, order },
      after: null,
    });
    return { deleted_order_id: service.order_id };
  });
}

// ---------------------------------------------------------------- products

type ProductRow = Omit<AdminProduct, "created_at"> & { created_at: Date };

/**
 * SPEC §7: ordered by type then price (name, then id break ties), one page at a time (issue 18);
 * archived products (removed but ordered) are not listed. `q` matches part of the name.
 */
export async function listAdminProducts(
  sql: Db,
  query: AdminProductQuery = {},
): Promise<{ products: AdminProduct[]; next_cursor: string | null }> {
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
  body: {
    name: string;
    price: string;
    cpu: string;
    ram: string;
    storage: string;
    uplink: string;
    ddos_protection: string;
    product_type: "vps" | "dedicated";
  },
): Promise<AdminProduct> {
  return await sql.begin(async (tx) => {
    const [row] = await tx<ProductRow[]>`
      insert into products (name, price, cpu, ram, storage, uplink, ddos_protection, product_type)
      values (${body.name}, ${body.price}::numeric, ${body.cpu}, ${body.ram}, ${body.storage}, ${body.uplink},
        ${body.ddos_protection}, ${body.product_type})
      returning id, name, price, cpu, ram, storage, uplink, ddos_protection, product_type, created_at, 0 as orders_count`;
    const product = { ...row!, created_at: iso(row!.created_at) };
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
): Promise<"deleted" | "archived"> {
  return await sql.begin(async (tx) => {
    const [product] = await tx<Record<string, unknown>[]>`
      select id, name, price, product_type, archived_at from products where id = ${id} and archived_at is null
      for update`;
    if (!product) throw notFound(adminMessages.productNotFound);
    const [ordered] = await tx`select 1 from orders where product_id = ${id} limit 1`;
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

// ---------------------------------------------------------------- orders

type OrderRow = Omit<AdminOrder, "created_at" | "expire_date"> & {
  created_at: Date;
  expire_date: Date;
};

/**
 * SPEC §7: every order with its profile, product name and services, newest first (id breaks ties),
 * one page at a time (issue 18). `q` matches part of the customer's email or username or of the
 * product name; `status` and `expiring_within_days` (expire date between now and now + n days)
 * filter.
 */
export async function listAdminOrders(
  sql: Db,
  query: AdminOrderQuery = {},
): Promise<{ orders: AdminOrder[]; next_cursor: string | null }> {
  const limit = pageSize(query.limit);
  const after = query.cursor
    ? decodeCursor("orders", query.cursor, cursorShapes.newestFirst)
    : null;
  const q = query.q;
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
          or o.product_id = any(array(select id from products where name ilike ${containsPattern(q)})))`
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
    const [before] = await tx<
      { status: OrderStatus }[]
    >`select status from orders where id = ${id} for update`;
    if (!before) throw notFound(adminMessages.orderNotFound);
    const serviceStatus: ServiceStatus = status === "active" ? "active" : "suspended";
    const previous = await tx<{ id: string; service_status: ServiceStatus }[]>`
      select id, service_status from services where order_id = ${id} order by id for update`;
    await tx`update orders set status = ${status} where id = ${id}`;
    await tx`update services set service_status = ${serviceStatus} where order_id = ${id}`;
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

/** SPEC §4: removing an order deletes its linked services, then the order. */
export async function removeOrder(sql: Sql, adminId: string, id: string): Promise<void> {
  await sql.begin(async (tx) => {
    const [order] = await tx<Record<string, unknown>[]>`
      select id, user_id, product_id, status, expire_date from orders where id = ${id} for update`;
    if (!order) throw notFound(adminMessages.orderNotFound);
    const services = await tx<DeletedService[]>`
      delete from services where order_id = ${id} returning id, user_id, service_type, ipv4, reseller_id`;
    await tx`delete from orders where id = ${id}`;
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

// ---------------------------------------------------------------- audit

type AuditRow = Omit<AuditEntry, "created_at"> & { created_at: Date };

export async function listAudit(
  sql: Db,
  q: { limit: number; before?: number; entity?: string },
): Promise<{ entries: AuditEntry[]; next_before: string | null }> {
  const rows = await sql<AuditRow[]>`
    select id::text, actor_id, actor_label, action, entity, entity_id, before, after, created_at
    from audit_log
    where true
      ${q.before ? sql`and id < ${q.before}` : sql``}
      ${q.entity ? sql`and entity = ${q.entity}` : sql``}
    order by audit_log.id desc
    limit ${q.limit + 1}`;
  const page = rows.slice(0, q.limit).map((r) => ({ ...r, created_at: iso(r.created_at) }));
  return { entries: page, next_before: rows.length > q.limit ? page[page.length - 1]!.id : null };
}
