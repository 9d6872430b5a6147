import { ErrorCode } from "../../contracts/errors.ts";
import {
  type Cancellation,
  type PlanChange,
  PlanChangeMessages,
  type PlanChangeResult,
  type PlanOption,
  type PlanOptions,
  type PlanProduct,
  prorate,
} from "../../contracts/plan-changes.ts";
import { serviceMessages } from "../../contracts/services.ts";
import { ShopMessages } from "../../contracts/shop.ts";
import { recordAudit } from "../audit/audit.ts";
import { invoiceCustomer } from "../invoices/issue.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { charge, paid, settle } from "../shop/money.ts";
import { claimKey } from "../shop/shop.service.ts";

/**
 * Plan changes: a customer's VPS moves to another product of its upgrade paths. The change takes
 * effect now: the order's product changes at once (its expiry stays) and the provider's resize runs
 * as a durable job (change-job.ts). An upgrade pays the prorated difference at once (ledger row and
 * invoice, through shop/money.ts), so nothing is resized unpaid; a downgrade's difference is
 * credited (ledger row and credit note) when the provider has made the change, so a change the
 * provider refuses leaves nothing to take back from a balance that may have been spent meanwhile.
 * A change that fails for good is reversed by the job: the order's product back, an upgrade's
 * payment back with a credit note, the customer told.
 */

/** The service, its order and product as a change or cancellation reads them. */
export interface Current {
  service_id: string;
  service_type: string;
  service_status: string;
  reseller_id: number | null;
  order_id: string;
  order_status: string;
  expire_date: Date;
  auto_renew: boolean;
  product_id: string;
  product_name: string;
  price: string;
  disk_gb: number | null;
  now: Date;
  pending_change: boolean;
  cancel_scheduled: boolean;
  reinstalling: boolean;
}

/** Service ids are uuids; anything else is a service that does not exist. */
export function checkServiceId(serviceId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(serviceId)) {
    throw notFound(serviceMessages.notFound);
  }
}

/** Reads (and with `lock`, locks the order of) the caller's service; 404 when not theirs. */
export async function currentOf(
  db: Db,
  userId: string,
  serviceId: string,
  lock: boolean,
): Promise<Current> {
  checkServiceId(serviceId);
  if (lock) {
    // The rows locked on their own first: a lock that waited re-checks only this query's join,
    // so the order's new product (a change that committed meanwhile) is read by the next one.
    await db`select 1 from services s join orders o on o.id = s.order_id
      where s.id = ${serviceId}::uuid and s.user_id = ${userId} for update of o, s`;
  }
  const [row] = await db<[Current?]>`
    select s.id as service_id, s.service_type, s.service_status, s.reseller_id, o.id as order_id,
      o.status as order_status, o.expire_date, o.auto_renew, p.id as product_id,
      p.name as product_name, p.price, p.plan_disk_gb as disk_gb, now() as now,
      exists (select 1 from plan_changes c where c.service_id = s.id and c.state = 'pending')
        as pending_change,
      exists (select 1 from cancellations c where c.order_id = o.id and c.state = 'scheduled')
        as cancel_scheduled,
      exists (select 1 from provider_jobs j where j.service_id = s.id and j.kind = 'reinstall'
        and j.state = 'pending') as reinstalling
    from services s join orders o on o.id = s.order_id join products p on p.id = o.product_id
    where s.id = ${serviceId}::uuid and s.user_id = ${userId}`;
  if (!row) throw notFound(serviceMessages.notFound);
  return row;
}

/** The rules every change checks, under the lock. */
function checkChangeable(current: Current) {
  if (current.service_type !== "vps") {
    throw new HttpError(403, ErrorCode.serviceNotControllable, PlanChangeMessages.notVps);
  }
  if (current.pending_change) {
    throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.pending);
  }
  // A resize during a reinstall: the provider's job and ours would race on one server.
  if (current.reinstalling) {
    throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.reinstalling);
  }
  if (current.cancel_scheduled) {
    throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.cancelScheduled);
  }
  if (
    current.service_status !== "active" ||
    current.order_status !== "active" ||
    current.expire_date.getTime() <= current.now.getTime()
  ) {
    throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.notActive);
  }
}

interface TargetRow extends PlanProduct {
  disk_gb: number | null;
  has_plan: boolean;
}

/** The products a product's customers may move to (archived and plan-less ones left out). */
function targetsOf(db: Db, productId: string, only?: string) {
  return db<TargetRow[]>`
    select p.id, p.name, p.price, p.cpu, p.ram, p.storage, p.plan_disk_gb as disk_gb,
      p.plan_template is not null as has_plan
    from product_upgrade_paths u join products p on p.id = u.target_id
    where u.product_id = ${productId} and p.archived_at is null and p.product_type = 'vps'
      ${only ? db`and p.id = ${only}::uuid` : db``}
    order by p.price, p.id
    ${only ? db`for share of p` : db``}`;
}

const fitsDisk = (current: Current, t: TargetRow) =>
  current.disk_gb === null || (t.disk_gb !== null && t.disk_gb >= current.disk_gb);

type ChangeRow = {
  id: string;
  from_product: string;
  to_product: string;
  days_left: number;
  amount: string;
  state: PlanChange["state"];
  reason: string | null;
  created_at: Date;
};
const toChange = (r: ChangeRow): PlanChange => ({ ...r, created_at: r.created_at.toISOString() });

const changeSelect = (db: Db) => db`
  select c.id, f.name as from_product, t.name as to_product, c.days_left, c.amount::text as amount,
    c.state, c.reason, c.created_at
  from plan_changes c join products f on f.id = c.from_product_id join products t on t.id = c.to_product_id`;

type CancellationRow = Omit<Cancellation, "effective_at" | "created_at"> & {
  effective_at: Date;
  created_at: Date;
};
export const toCancellation = (r: CancellationRow): Cancellation => ({
  ...r,
  effective_at: r.effective_at.toISOString(),
  created_at: r.created_at.toISOString(),
});
export const cancellationSelect = (db: Db) => db`
  select c.id, c.mode, c.reason, c.state, c.refunded::text as refunded,
    coalesce(c.delete_after, o.expire_date) as effective_at, c.created_at
  from cancellations c join orders o on o.id = c.order_id`;

/** What the service page offers: every allowed product with its prorated difference. */
export async function planOptions(
  sql: Db,
  userId: string,
  serviceId: string,
): Promise<PlanOptions> {
  const current = await currentOf(sql, userId, serviceId, false);
  const [[product], targets, [latest], [cancellation]] = await Promise.all([
    sql<
      [PlanProduct?]
    >`select id, name, price, cpu, ram, storage from products where id = ${current.product_id}`,
    targetsOf(sql, current.product_id),
    sql<[ChangeRow?]>`${changeSelect(sql)} where c.service_id = ${serviceId}::uuid
      order by c.created_at desc limit 1`,
    sql<[CancellationRow?]>`${cancellationSelect(sql)}
      where c.order_id = ${current.order_id} and c.state <> 'undone'
      order by c.created_at desc limit 1`,
  ]);
  invariant(product, "the order's product");
  const options: PlanOption[] = targets
    .filter((t) => t.has_plan && fitsDisk(current, t))
    .map(({ disk_gb: _d, has_plan: _h, ...t }) => {
      const { amount } = prorate({
        oldPrice: current.price,
        newPrice: t.price,
        expireDate: current.expire_date,
        now: current.now,
      });
      return {
        product: t,
        direction: Number(t.price) >= Number(current.price) ? "upgrade" : "downgrade",
        amount,
      };
    });
  const { daysLeft } = prorate({
    oldPrice: "0.00",
    newPrice: "0.00",
    expireDate: current.expire_date,
    now: current.now,
  });
  return {
    product,
    order_id: current.order_id,
    expire_date: current.expire_date.toISOString(),
    days_left: daysLeft,
    options,
    latest_change: latest ? toChange(latest) : null,
    cancellation: cancellation ? toCancellation(cancellation) : null,
  };
}

export type ChangeOutcome = PlanChangeResult & { replayed: boolean };

async function replayedChange(tx: Tx, userId: string, key: string): Promise<ChangeOutcome> {
  const [row] = await tx<[ChangeRow?]>`${changeSelect(tx)}
    where c.user_id = ${userId} and c.idempotency_key = ${key}`;
  if (!row) throw notFound(serviceMessages.notFound);
  const [profile] = await tx<
    [{ credits: string }?]
  >`select credits from profiles where id = ${userId}`;
  invariant(profile, "the caller's profile");
  return { change: toChange(row), credits: profile.credits, replayed: true };
}

/**
 * Changes the plan of the caller's VPS, once per Idempotency-Key: a double click, a retried request
 * or another replica with the same key waits on the key's claim and answers with the first change.
 */
export async function changePlan(
  sql: Sql,
  userId: string,
  serviceId: string,
  productId: string,
  key: string,
): Promise<ChangeOutcome> {
  checkServiceId(serviceId);
  return await sql.begin(async (tx) => {
    const customer = invoiceCustomer(tx, userId);
    customer.catch(() => {}); // a refused claim ends the transaction before it is awaited
    const claim = await claimKey(tx, userId, key, `plan_change:${productId}`, serviceId);
    if (claim.replay) return await replayedChange(tx, userId, key);

    const current = await currentOf(tx, userId, serviceId, true);
    checkChangeable(current);
    const [target] = await targetsOf(tx, current.product_id, productId);
    if (!target?.has_plan) {
      throw new HttpError(422, ErrorCode.validation, PlanChangeMessages.notAllowed);
    }
    if (!fitsDisk(current, target)) {
      throw new HttpError(422, ErrorCode.validation, PlanChangeMessages.smallerDisk);
    }
    const { daysLeft, amount } = prorate({
      oldPrice: current.price,
      newPrice: target.price,
      expireDate: current.expire_date,
      now: current.now,
    });
    const description = `Plan change ${current.product_name} → ${target.name}, ${daysLeft} of 30 days`;
    const reference = `CHANGE-${serviceId.slice(0, 8)}`;
    const orderWrite = tx`update orders set product_id = ${target.id} where id = ${current.order_id}
      returning id, expire_date, status, created_at`;
    let credits: string;
    let transactionId: string | null = null;
    if (Number(amount) > 0) {
      // The upgrade's difference, debited by the purchase's rule, with its ledger row and invoice.
      const charged = await charge(tx, userId, tx`select ${amount}::numeric as price`);
      invariant(charged, "a select without from returns one row");
      credits = paid(charged, PlanChangeMessages.insufficientCreditsChange).credits;
      const written = await settle(
        tx,
        userId,
        key,
        { amount, kind: "plan_change", reference, product: target.name, description },
        orderWrite,
        { customer: await customer },
      );
      transactionId = written.transaction_id;
    } else {
      await orderWrite;
      await tx`update idempotency_keys set order_id = ${current.order_id} where user_id = ${userId} and key = ${key}`;
      const [profile] = await tx<
        [{ credits: string }?]
      >`select credits from profiles where id = ${userId}`;
      invariant(profile, "the caller's profile");
      credits = profile.credits;
    }
    const [change] = await tx<[{ id: string }?]>`
      insert into plan_changes (user_id, order_id, service_id, from_product_id, to_product_id,
        days_left, amount, idempotency_key, transaction_id)
      values (${userId}, ${current.order_id}, ${serviceId}, ${current.product_id}, ${target.id},
        ${daysLeft}, ${amount}, ${key}, ${transactionId})
      returning id`;
    invariant(change, "the plan change written");
    await tx`
      insert into provider_jobs (kind, service_id, vm_id, plan_change_id)
      values ('change', ${serviceId}, ${current.reseller_id}, ${change.id})`;
    await recordAudit(tx, {
      actorId: userId,
      action: "service.plan_change",
      entity: "service",
      entityId: serviceId,
      before: { product_id: current.product_id, price: current.price },
      after: { product_id: target.id, price: target.price, days_left: daysLeft, amount, credits },
    });
    const [row] = await tx<[ChangeRow?]>`${changeSelect(tx)} where c.id = ${change.id}`;
    invariant(row, "the plan change read back");
    return { change: toChange(row), credits, replayed: false };
  });
}

/** Staff: the products a product can change to. */
export async function upgradePaths(sql: Db, productId: string): Promise<string[]> {
  const [product] = await sql`select 1 from products where id = ${productId}::uuid`;
  if (!product) throw notFound(ShopMessages.productNotFound);
  const rows = await sql<{ target_id: string }[]>`
    select target_id from product_upgrade_paths where product_id = ${productId}::uuid order by target_id`;
  return rows.map((r) => r.target_id);
}

/**
 * Staff: replaces the products a product can change to. Only VPS products with a server plan;
 * a product whose disk is smaller is refused (a disk never shrinks at the provider).
 */
export async function setUpgradePaths(
  sql: Sql,
  actorId: string,
  productId: string,
  targetIds: string[],
): Promise<string[]> {
  const targets = [...new Set(targetIds)];
  return await sql.begin(async (tx) => {
    const [product] = await tx<[{ product_type: string; disk: number | null }?]>`
      select product_type, plan_disk_gb as disk from products where id = ${productId}::uuid for update`;
    if (!product) throw notFound(ShopMessages.productNotFound);
    if (product.product_type !== "vps" && targets.length > 0) {
      throw new HttpError(422, ErrorCode.validation, PlanChangeMessages.notVps);
    }
    const found = await tx<{ id: string; ok: boolean; disk: number | null }[]>`
      select id, product_type = 'vps' and archived_at is null and plan_template is not null
        and id <> ${productId}::uuid as ok, plan_disk_gb as disk
      from products where id = any(${targets}::uuid[])`;
    if (found.length !== targets.length || found.some((f) => !f.ok)) {
      throw new HttpError(422, ErrorCode.validation, PlanChangeMessages.notAllowed);
    }
    if (found.some((f) => product.disk !== null && (f.disk ?? 0) < product.disk)) {
      throw new HttpError(422, ErrorCode.validation, PlanChangeMessages.smallerDisk);
    }
    const before = await tx<{ target_id: string }[]>`
      select target_id from product_upgrade_paths where product_id = ${productId}::uuid`;
    await tx`delete from product_upgrade_paths where product_id = ${productId}::uuid`;
    if (targets.length > 0) {
      await tx`insert into product_upgrade_paths (product_id, target_id)
        select ${productId}::uuid, t from unnest(${targets}::uuid[]) t`;
    }
    await recordAudit(tx, {
      actorId,
      action: "product.upgrade_paths",
      entity: "product",
      entityId: productId,
      before: { target_ids: before.map((b) => b.target_id) },
      after: { target_ids: targets },
    });
    return targets.sort();
  });
}
