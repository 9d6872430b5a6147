import type { z } from "zod/mini";
import {
  type AdminService,
  type AdminServiceList,
  type AdminServiceQuery,
  adminMessages,
  type CompleteSetupBody,
  type CreateServiceBody,
  planMessages,
} from "../../contracts/admin.ts";
import type { ServiceStatus } from "../../contracts/common.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { ORDER_PERIOD_DAYS, ShopMessages } from "../../contracts/shop.ts";
import { type AuditEntry, recordAudit } from "../audit/audit.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { charge, paid, settle } from "../shop/money.ts";
import { conflict, iso, type Keyed } from "./admin-rows.ts";
import {
  containsPattern,
  cursorShapes,
  decodeCursor,
  idPrefixRange,
  pageSize,
  toPage,
} from "./list-page.ts";
import { deleteOrderWithServices, type RemovedService } from "./orders.service.ts";

type ServiceRow = Omit<AdminService, "created_at"> & { created_at: Date };

const serviceColumns = (sql: Db) => sql`
  s.id, s.user_id, p.username, p.email, s.service_type, s.service_status, s.ipv4, s.ram, s.cpu,
  s.storage, s.reseller_id, s.order_id, s.created_at,
  (select j.last_error from provider_jobs j
    where j.service_id = s.id and (j.state = 'failed' or (j.state = 'pending' and j.attempts >= 3))
    order by j.updated_at desc limit 1) as provider_error`;

const toAdminService = (row: ServiceRow): AdminService => ({
  ...row,
  created_at: iso(row.created_at),
});

/**
 * Newest first (id breaks ties), one page at a time. `q` matches part of the IPv4 or of
 * the owner's email, the reseller id (digits) or the start of the id; `type` and `status` filter.
 * The owner match is an `= any(array(...))` on services_user_idx, so every branch of the OR is an
 * index scan.
 */
export async function listAdminServices(
  sql: Db,
  query: AdminServiceQuery = {},
): Promise<AdminServiceList> {
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

/** A service this transaction has just locked or written: there is one. */
async function readAdminService(sql: Db, id: string): Promise<AdminService> {
  const [row] = await sql<[ServiceRow?]>`
    select ${serviceColumns(sql)} from services s join profiles p on p.id = s.user_id where s.id = ${id}`;
  invariant(row, `service ${id} read back`);
  return toAdminService(row);
}

const serviceSnapshot = (s: AdminService) => {
  const { username: _u, email: _e, ...rest } = s;
  return rest;
};

export async function createService(
  sql: Sql,
  adminId: string,
  body: z.output<typeof CreateServiceBody>,
): Promise<AdminService> {
  return await sql.begin(async (tx) => {
    const [owner] = await tx<
      [object?]
    >`select 1 from profiles where id = ${body.user_id} for share`;
    if (!owner) throw new HttpError(422, ErrorCode.validation, adminMessages.userNotFound);
    const [row] = await tx<[{ id: string }?]>`
      insert into services (user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id)
      values (${body.user_id}, ${body.service_type}, 'active', ${body.ipv4}, ${body.ram}, ${body.cpu},
        ${body.storage}, ${body.reseller_id})
      returning id`;
    invariant(row, "service inserted");
    const service = await readAdminService(tx, row.id);
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

type LockedService = {
  id: string;
  user_id: string;
  service_status: ServiceStatus;
  order_id: string | null;
};

async function lockService(tx: Tx, id: string): Promise<LockedService> {
  const [row] = await tx<[LockedService?]>`
    select id, user_id, service_status, order_id from services where id = ${id} for update`;
  if (!row) throw notFound(adminMessages.serviceNotFound);
  return row;
}

/**
 * A staff change of one service, in one transaction: the service locked, `change` checks and
 * writes, its audit row (the action and what changed), and the service read back as the list
 * shows it.
 */
async function changeService(
  sql: Sql,
  adminId: string,
  id: string,
  change: (
    tx: Tx,
    service: LockedService,
  ) => Promise<Pick<AuditEntry, "action" | "before" | "after">>,
): Promise<AdminService> {
  return await sql.begin(async (tx) => {
    const audit = await change(tx, await lockService(tx, id));
    await recordAudit(tx, { actorId: adminId, entity: "service", entityId: id, ...audit });
    return await readAdminService(tx, id);
  });
}

export async function setServiceStatus(
  sql: Sql,
  adminId: string,
  id: string,
  status: ServiceStatus,
): Promise<AdminService> {
  return await changeService(sql, adminId, id, async (tx, before) => {
    // Staff move a live service between the two; the provider lifecycle owns the other states.
    // The power of its server follows in a provider job (the services_queue_power trigger).
    if (before.service_status !== "active" && before.service_status !== "suspended")
      throw conflict(adminMessages.notLive);
    await tx`update services set service_status = ${status} where id = ${id}`;
    return {
      action: status === "active" ? "admin.service.activate" : "admin.service.suspend",
      before: { service_status: before.service_status },
      after: { service_status: status },
    };
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
  return await changeService(sql, adminId, id, async (tx, service) => {
    if (orderId !== null) {
      const [order] = await tx<[{ user_id: string }?]>`
        select user_id from orders where id = ${orderId} for share`;
      if (!order) throw notFound(adminMessages.orderNotFound);
      if (order.user_id !== service.user_id) throw conflict(adminMessages.otherUsersOrder);
      if (service.order_id !== null && service.order_id !== orderId)
        throw conflict(adminMessages.linkedElsewhere);
    }
    await tx`update services set order_id = ${orderId} where id = ${id}`;
    return {
      action: orderId === null ? "admin.service.unlink" : "admin.service.link",
      before: { order_id: service.order_id },
      after: { order_id: orderId },
    };
  });
}

/**
 * SPEC §4: removing a service also deletes its linked order — and with it, by the same rule, any
 * other service linked to that order. One transaction; the audit row lists everything removed.
 */
export async function removeService(
  sql: Sql,
  adminId: string,
  id: string,
  options: { deleteAtProvider?: boolean } = {},
): Promise<{ deleted_order_id: string | null }> {
  return await sql.begin(async (tx) => {
    const service = await lockService(tx, id);
    let deleted: RemovedService[];
    let order: Record<string, unknown> | null = null;
    if (service.order_id) {
      const removed = await deleteOrderWithServices(tx, service.order_id);
      order = removed.order ?? null;
      deleted = removed.services;
    } else {
      deleted = await tx<RemovedService[]>`
        delete from services where id = ${id} returning id, user_id, service_type, ipv4, reseller_id`;
    }
    // The servers go in durable jobs (provisioning/power.ts), after this transaction commits.
    const servers = options.deleteAtProvider
      ? deleted
          .filter((d) => d.service_type === "vps" && d.reseller_id !== null)
          .map((d) => d.reseller_id)
      : [];
    if (servers.length) {
      await tx`
        insert into provider_jobs (kind, vm_id)
        select 'delete', v from unnest(${servers}::int[]) v
        on conflict (vm_id) where kind = 'delete' and state = 'pending' do nothing`;
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.service.remove",
      entity: "service",
      entityId: id,
      before: { services: deleted, order },
      after: { deleted_at_provider: servers },
    });
    return { deleted_order_id: service.order_id };
  });
}

/**
 * Staff retry a VPS whose provisioning failed: the customer is charged again through the money
 * path (the failure refunded them), the cancelled order runs again from now, and a new provision
 * job starts. One transaction; 402 when the balance does not cover the price.
 */
export async function retryProvisioning(
  sql: Sql,
  adminId: string,
  id: string,
): Promise<AdminService> {
  return await changeService(sql, adminId, id, async (tx, service) => {
    const [order] = await tx<[{ status: string; product_id: string }?]>`
      select status, product_id from orders where id = ${service.order_id} for update`;
    if (service.service_status !== "failed" || !order || order.status !== "cancelled")
      throw conflict(planMessages.notProvisioningFailed);
    const key = `provisioning-retry:${crypto.randomUUID()}`;
    const charged = await charge<{ price: string; product_name: string; planned: boolean }>(
      tx,
      service.user_id,
      tx`select price, name as product_name, plan_template is not null as planned from products
        where id = ${order.product_id} for share`,
    );
    invariant(charged, "the order's product");
    if (!charged.planned) throw conflict(planMessages.planRequired);
    const { credits, credits_before } = paid(charged, ShopMessages.insufficientCreditsOrder);
    await settle(
      tx,
      service.user_id,
      key,
      {
        amount: charged.price,
        kind: "purchase",
        reference: `ORDER-${order.product_id.slice(0, 8)}`,
        product: charged.product_name,
      },
      tx`update orders set status = 'active', expire_date = now() + ${`${ORDER_PERIOD_DAYS} days`}::interval
        where id = ${service.order_id}
        returning id, expire_date, status, created_at`,
    );
    await tx`update services set service_status = 'provisioning' where id = ${id}`;
    await tx`insert into provider_jobs (kind, service_id, order_id) values ('provision', ${id}, ${service.order_id})`;
    return {
      action: "admin.service.retry_provisioning",
      before: { service_status: "failed", credits: credits_before },
      after: { service_status: "provisioning", credits, charged: charged.price },
    };
  });
}

/** Staff finish setting up a dedicated server: its address, the provider's id and its specs. */
export async function completeSetup(
  sql: Sql,
  adminId: string,
  id: string,
  body: z.output<typeof CompleteSetupBody>,
): Promise<AdminService> {
  return await sql.begin(async (tx) => {
    const [service] = await tx<
      [{ service_type: string; service_status: string; order_status: string | null }?]
    >`
      select s.service_type, s.service_status, o.status as order_status
      from services s left join orders o on o.id = s.order_id where s.id = ${id} for update of s`;
    if (!service) throw notFound(adminMessages.serviceNotFound);
    if (service.service_type !== "dedicated" || service.service_status !== "provisioning")
      throw conflict(planMessages.notBeingSetUp);
    const status =
      service.order_status === null || service.order_status === "active" ? "active" : "suspended";
    await tx`
      update services set ipv4 = ${body.ipv4}, reseller_id = ${body.reseller_id}, ram = ${body.ram},
        cpu = ${body.cpu}, storage = ${body.storage}, service_status = ${status}
      where id = ${id}`;
    const after = await readAdminService(tx, id);
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.service.setup",
      entity: "service",
      entityId: id,
      before: { service_status: "provisioning" },
      after: serviceSnapshot(after),
    });
    return after;
  });
}
