import type { ProductType } from "../../contracts/common.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { PlanChangeMessages } from "../../contracts/plan-changes.ts";
import {
  ORDER_PERIOD_DAYS,
  type Order,
  type OrderListQuery,
  type OrderResult,
  type Product,
  ShopMessages,
} from "../../contracts/shop.ts";
import { recordAudit } from "../audit/audit.ts";
import { invoiceCustomer } from "../invoices/issue.ts";
import { queuePurchaseReceipt } from "../mail/receipts.ts";
import type { Db, Fragment, Sql, Tx } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { decodeCursor, newestFirstShape, toPage } from "../platform/list-page.ts";
import { answeredByAutoRenewal, renewed } from "./auto-renew.ts";
import { charge, paid, settle } from "./money.ts";

const period = `${ORDER_PERIOD_DAYS} days`;

/** SPEC §7: products by type, cheapest first; one query on products_type_price_idx. */
export async function listProducts(sql: Db, type?: ProductType): Promise<Product[]> {
  return await sql<Product[]>`
    select id, name, price, cpu, ram, storage, uplink, ddos_protection, product_type
    from products
    where archived_at is null ${type ? sql`and product_type = ${type}` : sql``}
    order by product_type, price, id`;
}

type OrderRow = Omit<Order, "expire_date" | "created_at"> & { expire_date: Date; created_at: Date };

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  product_id: row.product_id,
  product_name: row.product_name,
  product_type: row.product_type,
  price: row.price,
  expire_date: row.expire_date.toISOString(),
  status: row.status,
  created_at: row.created_at.toISOString(),
});

/**
 * SPEC §7: the caller's orders with product name and price, newest first (the id breaks ties), one
 * keyset page at a time. orders_user_created_idx (user_id, created_at desc) reads the
 * orders from the cursor's instant on, so a page costs `limit` + 1 index entries.
 */
export async function listOrders(
  sql: Db,
  userId: string,
  query: OrderListQuery,
): Promise<{ orders: Order[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeCursor("my-orders", query.cursor, newestFirstShape) : null;
  const rows = await sql<(OrderRow & { sort_at: string })[]>`
    select o.id, o.product_id, p.name as product_name, p.product_type, p.price, o.expire_date,
      o.status, o.created_at, to_json(o.created_at) #>> '{}' as sort_at
    from orders o join products p on p.id = o.product_id
    where o.user_id = ${userId}
      ${after ? sql`and (o.created_at, o.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
    order by o.created_at desc, o.id desc
    limit ${query.limit + 1}`;
  const { page, next_cursor } = toPage(rows, query.limit, "my-orders", (r) => [r.sort_at, r.id]);
  return { orders: page.map(toOrder), next_cursor };
}

async function findOrder(sql: Db, userId: string, orderId: string): Promise<Order | undefined> {
  const [row] = await sql<[OrderRow?]>`
    select o.id, o.product_id, p.name as product_name, p.product_type, p.price, o.expire_date,
      o.status, o.created_at
    from orders o join products p on p.id = o.product_id
    where o.id = ${orderId} and o.user_id = ${userId}`;
  return row && toOrder(row);
}

/**
 * Takes the caller's idempotency key inside the transaction. A concurrent request with the same
 * key waits here on the primary key until the first one commits or rolls back, so at most one
 * of them performs the operation. Returns the earlier outcome when the key was already used.
 */
export async function claimKey(
  tx: Tx,
  userId: string,
  key: string,
  /** "purchase", "renewal", or an admin's credit change named with its amount ("credits:add:10.00"). */
  operation: string,
  targetId: string,
): Promise<{ replay: false } | { replay: true; orderId: string | null }> {
  const [claimed] = await tx`
    insert into idempotency_keys (user_id, key, operation, target_id)
    values (${userId}, ${key}, ${operation}, ${targetId})
    on conflict (user_id, key) do nothing
    returning 1`;
  if (claimed) return { replay: false };
  const [used] = await tx<[{ operation: string; target_id: string; order_id: string | null }?]>`
    select operation, target_id, order_id from idempotency_keys where user_id = ${userId} and key = ${key}`;
  if (!used || used.operation !== operation || used.target_id !== targetId) {
    throw new HttpError(409, ErrorCode.conflict, ShopMessages.keyReused);
  }
  return { replay: true, orderId: used.order_id };
}

async function replayed(
  tx: Tx,
  userId: string,
  orderId: string | null,
): Promise<OrderResult & { replayed: true }> {
  const order = orderId ? await findOrder(tx, userId, orderId) : undefined;
  if (!order) throw notFound(ShopMessages.orderNotFound);
  const [profile] = await tx<
    [{ credits: string }?]
  >`select credits from profiles where id = ${userId}`;
  invariant(profile, "the caller's profile");
  return { order, credits: profile.credits, replayed: true };
}

export type ShopOutcome = OrderResult & { replayed: boolean };

type ProductOfOrder = Pick<OrderRow, "product_id" | "product_name" | "product_type" | "price">;

/** The last step of purchase() and renew(): the order written with the money (settle()). */
type SettleOrder = (
  product: ProductOfOrder,
  reference: string,
  orderWrite: Fragment,
  alongside: (order: Order) => Promise<unknown>[],
) => Promise<Order>;

/**
 * How purchase() and renew() start: the key is claimed, and the invoice's customer snapshot is
 * read with the claim, pipelined (one round trip), so the invoice needs no read of its own after
 * the locks are taken. A key used before answers with its earlier outcome (`replay`); else
 * `settle` ends the operation, its ledger row and invoice naming the product at its price.
 */
async function claimOrder(
  tx: Tx,
  userId: string,
  key: string,
  operation: "purchase" | "renewal",
  targetId: string,
): Promise<{ replay: ShopOutcome } | { replay: null; settle: SettleOrder }> {
  const customer = invoiceCustomer(tx, userId);
  customer.catch(() => {}); // a refused claim ends the transaction before it is awaited
  const claim = await claimKey(tx, userId, key, operation, targetId);
  if (claim.replay) return { replay: await replayed(tx, userId, claim.orderId) };
  return {
    replay: null,
    settle: async (product, reference, orderWrite, alongside) => {
      const ledgerRow = { amount: product.price, kind: operation, reference };
      const { order } = await settle(
        tx,
        userId,
        key,
        { ...ledgerRow, product: product.product_name },
        orderWrite,
        {
          customer: await customer,
          read: (written) => toOrder({ ...written, ...product }),
          alongside,
        },
      );
      return order;
    },
  };
}

/** What a new service shows before its server exists: a VPS's plan (GB, cores), else the product's text. */
type ServiceSpecs = { ram: string; cpu: string; storage: string };
const serviceSpecsOfProduct = (tx: Tx) => tx`
  case when plan_template is null then ram else round(plan_memory_mb / 1024.0)::text end as ram,
  case when plan_template is null then cpu else plan_cpu_cores::text end as cpu,
  case when plan_template is null then storage else plan_disk_gb::text end as storage`;

/** Debit, order, ledger row and audit row in one SQL transaction: all or nothing. */
export async function purchase(
  sql: Sql,
  userId: string,
  productId: string,
  key: string,
): Promise<ShopOutcome> {
  // Few round trips on purpose: every one inside the transaction holds row locks longer.
  return await sql.begin(async (tx) => {
    const claim = await claimOrder(tx, userId, key, "purchase", productId);
    if (claim.replay) return claim.replay;

    // FOR SHARE: an admin cannot archive, reprice or re-plan the product meanwhile. (A VPS product
    // without a server plan, made before plans existed, is sold: its provisioning fails for good
    // and refunds, and staff see why.)
    const charged = await charge<ProductOfOrder & ServiceSpecs>(
      tx,
      userId,
      tx`select id as product_id, name as product_name, product_type, price,
          ${serviceSpecsOfProduct(tx)}
        from products
        where id = ${productId} and archived_at is null
        for share`,
    );
    if (!charged) throw notFound(ShopMessages.productNotFound);
    const { credits, credits_before, ram, cpu, storage, ...product } = paid(
      charged,
      ShopMessages.insufficientCreditsOrder,
    );

    const order = await claim.settle(
      product,
      `ORDER-${productId.slice(0, 8)}`,
      tx`insert into orders (user_id, product_id, expire_date, status)
        values (${userId}, ${productId}, now() + ${period}::interval, 'active')
        returning id, expire_date, status, created_at`,
      // The audit row and the receipt go in the invoice's round trip (one statement each).
      (bought) => [
        recordAudit(tx, {
          actorId: userId,
          action: "order.purchase",
          entity: "order",
          entityId: bought.id,
          before: { credits: credits_before },
          after: { credits, order: bought },
        }),
        queuePurchaseReceipt(tx, { userId, order: bought, credits }),
        // The service exists from the purchase on, `provisioning` until its server does: a
        // VPS gets its provider job here (provisioning/), a dedicated server waits for staff.
        tx`with s as (
                insert into services (user_id, service_type, service_status, ram, cpu, storage, order_id)
                values (${userId}, ${product.product_type}, 'provisioning', ${ram}, ${cpu}, ${storage}, ${bought.id})
                returning id
              )
              insert into provider_jobs (kind, service_id, order_id)
              select 'provision', s.id, ${bought.id} from s where ${product.product_type} = 'vps'`.execute(),
      ],
    );
    return { order, credits, replayed: false };
  });
}

/**
 * Renewal in one SQL transaction. Another user's order answers 404 like a missing one,
 * so its existence does not leak. The new expiry is counted from the old one while the order is
 * running, and from now once it has lapsed (paid days are never days already gone).
 */
export async function renew(
  sql: Sql,
  userId: string,
  orderId: string,
  key: string,
): Promise<ShopOutcome> {
  return await sql.begin(async (tx) => {
    const claim = await claimOrder(tx, userId, key, "renewal", orderId);
    if (claim.replay) return claim.replay;

    // The row lock serialises renewals of one order and the expiry job (which skips locked rows).
    // Rules about the order are checked here, under the lock and before any money moves.
    const [current] = await tx<
      [
        (ProductOfOrder & {
          status: Order["status"];
          expire_date: Date;
          server_deleted: boolean;
          cancel_scheduled: boolean;
        })?,
      ]
    >`
      select o.status, o.expire_date, o.product_id, p.name as product_name, p.product_type, p.price,
        exists (select 1 from services s where s.order_id = o.id and s.service_status = 'terminated')
          as server_deleted,
        exists (select 1 from cancellations c where c.order_id = o.id and c.state = 'scheduled')
          as cancel_scheduled
      from orders o join products p on p.id = o.product_id
      where o.id = ${orderId} and o.user_id = ${userId}
      for update of o`;
    if (!current) throw notFound(ShopMessages.orderNotFound);
    if (current.status === "suspended") {
      throw new HttpError(409, ErrorCode.orderSuspended, ShopMessages.orderSuspended);
    }
    if (current.status === "cancelled") {
      throw new HttpError(409, ErrorCode.conflict, ShopMessages.orderCancelled);
    }
    if (current.server_deleted) {
      throw new HttpError(409, ErrorCode.conflict, ShopMessages.serverDeleted);
    }
    // Cancelled at the end of the period: undo the cancellation first (plan-changes/).
    if (current.cancel_scheduled) {
      throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.cancelScheduled);
    }
    // An auto-renewal must still be due; a Renew that raced one is answered by it.
    const racing = {
      userId,
      orderId,
      key,
      status: current.status,
      expireDate: current.expire_date,
    };
    if (await answeredByAutoRenewal(tx, racing)) {
      return await replayed(tx, userId, orderId);
    }
    const {
      status,
      expire_date,
      server_deleted: _deleted,
      cancel_scheduled: _c,
      ...product
    } = current;

    // The price read under the lock above, debited by the same rule as a purchase.
    const charged = await charge(tx, userId, tx`select ${product.price}::numeric as price`);
    invariant(charged, "a select without from returns one row");
    const { credits, credits_before } = paid(charged, ShopMessages.insufficientCreditsRenewal);

    // Before settle(): the writes after it go in the invoice's round trip (see settle()).
    const services = await tx<{ id: string }[]>`
      update services set service_status = 'active'
      where order_id = ${orderId} and user_id = ${userId} and service_status = 'suspended'
      returning id`;
    const order = await claim.settle(
      product,
      `RENEW-${orderId.slice(0, 8)}`,
      tx`update orders
        set expire_date = greatest(expire_date, now()) + ${period}::interval, status = 'active'
        where id = ${orderId}
        returning id, expire_date, status, created_at`,
      // The audit row and renewed()'s first statement go in the invoice's round trip; its
      // later statements (notices, mails) follow the invoice.
      (renewedOrder) => [
        recordAudit(tx, {
          actorId: userId,
          action: "order.renew",
          entity: "order",
          entityId: orderId,
          before: { credits: credits_before, status, expire_date },
          after: {
            credits,
            status: renewedOrder.status,
            expire_date: renewedOrder.expire_date,
            reactivated_services: services.map((s) => s.id),
          },
        }),
        renewed(tx, {
          userId,
          key,
          order: renewedOrder,
          credits,
          previousExpiry: expire_date,
          reactivated: services.map((s) => s.id),
        }),
      ],
    );
    return { order, credits, replayed: false };
  });
}
