import type { ProductType } from "../../contracts/common.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import {
  ORDER_PERIOD_DAYS,
  type Order,
  type OrderResult,
  type Product,
  ShopMessages,
} from "../../contracts/shop.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Db, Sql, Tx } from "../db.ts";
import { HttpError, notFound } from "../http-error.ts";

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

/** The caller's orders with product name and price, newest first (orders_user_created_idx). */
export async function listOrders(sql: Db, userId: string): Promise<Order[]> {
  const rows = await sql<OrderRow[]>`
    select o.id, o.product_id, p.name as product_name, p.product_type, p.price, o.expire_date,
      o.status, o.created_at
    from orders o join products p on p.id = o.product_id
    where o.user_id = ${userId}
    order by o.created_at desc, o.id`;
  return rows.map(toOrder);
}

async function findOrder(sql: Db, userId: string, orderId: string): Promise<Order | undefined> {
  const [row] = await sql<OrderRow[]>`
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
async function claimKey(
  tx: Tx,
  userId: string,
  key: string,
  operation: "purchase" | "renewal",
  targetId: string,
): Promise<{ replay: false } | { replay: true; orderId: string | null }> {
  const [claimed] = await tx`
    insert into idempotency_keys (user_id, key, operation, target_id)
    values (${userId}, ${key}, ${operation}, ${targetId})
    on conflict (user_id, key) do nothing
    returning 1`;
  if (claimed) return { replay: false };
  const [used] = await tx<{ operation: string; target_id: string; order_id: string | null }[]>`
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
    { credits: string }[]
  >`select credits from profiles where id = ${userId}`;
  return { order, credits: profile!.credits, replayed: true };
}

/** Conditional debit (never read-then-write): no row back means the balance does not cover it. */
async function debit(tx: Tx, userId: string, amount: string, message: string) {
  const [row] = await tx<{ credits: string; credits_before: string }[]>`
    update profiles set credits = credits - ${amount}::numeric
    where id = ${userId} and credits >= ${amount}::numeric
    returning credits, credits + ${amount}::numeric as credits_before`;
  if (!row) throw new HttpError(402, ErrorCode.insufficientCredits, message);
  return row;
}

/** The ledger row of a debit; a free product moves no money and so writes none. */
async function ledger(
  tx: Tx,
  userId: string,
  amount: string,
  kind: "purchase" | "renewal",
  reference: string,
) {
  await tx`
    insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
    select ${userId}, -(${amount}::numeric), 'paid', ${kind}, ${reference}
    where ${amount}::numeric > 0`;
}

export type ShopOutcome = OrderResult & { replayed: boolean };

/** Issue 5: debit, order, ledger row and audit row in one SQL transaction. */
export async function purchase(
  sql: Sql,
  userId: string,
  productId: string,
  key: string,
): Promise<ShopOutcome> {
  // Few statements on purpose: every round trip inside the transaction holds row locks longer.
  return await sql.begin(async (tx) => {
    const claim = await claimKey(tx, userId, key, "purchase", productId);
    if (claim.replay) return await replayed(tx, userId, claim.orderId);

    // The product (FOR SHARE: an admin cannot archive or reprice it meanwhile) and the conditional
    // debit of its price in one statement; no debit row back means the balance does not cover it.
    const [priced] = await tx<
      {
        id: string;
        name: string;
        price: string;
        product_type: ProductType;
        credits: string | null;
        credits_before: string | null;
      }[]
    >`
      with p as (
        select id, name, price, product_type from products
        where id = ${productId} and archived_at is null
        for share
      ), d as (
        update profiles set credits = profiles.credits - p.price
        from p
        where profiles.id = ${userId} and profiles.credits >= p.price
        returning profiles.credits, profiles.credits + p.price as credits_before
      )
      select p.id, p.name, p.price, p.product_type, d.credits, d.credits_before from p left join d on true`;
    if (!priced) throw notFound(ShopMessages.productNotFound);
    if (priced.credits === null || priced.credits_before === null) {
      throw new HttpError(
        402,
        ErrorCode.insufficientCredits,
        ShopMessages.insufficientCreditsOrder,
      );
    }

    // The order, its ledger row (none for a free product) and the key's outcome together.
    const [created] = await tx<
      { id: string; expire_date: Date; status: Order["status"]; created_at: Date }[]
    >`
      with o as (
        insert into orders (user_id, product_id, expire_date, status)
        values (${userId}, ${priced.id}, now() + ${period}::interval, 'active')
        returning id, expire_date, status, created_at
      ), l as (
        insert into transactions (user_id, amount, status, kind, paypal_transaction_id)
        select ${userId}, -(${priced.price}::numeric), 'paid', 'purchase', ${`ORDER-${priced.id.slice(0, 8)}`}
        where ${priced.price}::numeric > 0
      ), k as (
        update idempotency_keys set order_id = (select id from o) where user_id = ${userId} and key = ${key}
      )
      select id, expire_date, status, created_at from o`;
    const order = toOrder({
      ...created!,
      product_id: priced.id,
      product_name: priced.name,
      product_type: priced.product_type,
      price: priced.price,
    });
    await recordAudit(tx, {
      actorId: userId,
      action: "order.purchase",
      entity: "order",
      entityId: order.id,
      before: { credits: priced.credits_before },
      after: { credits: priced.credits, order },
    });
    return { order, credits: priced.credits, replayed: false };
  });
}

/**
 * Issue 5: renewal in one SQL transaction. Another user's order answers 404 like a missing one,
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
    const claim = await claimKey(tx, userId, key, "renewal", orderId);
    if (claim.replay) return await replayed(tx, userId, claim.orderId);

    // The row lock serialises renewals of one order and the expiry job (which skips locked rows).
    const [current] = await tx<{ status: string; expire_date: Date; price: string }[]>`
      select o.status, o.expire_date, p.price
      from orders o join products p on p.id = o.product_id
      where o.id = ${orderId} and o.user_id = ${userId}
      for update of o`;
    if (!current) throw notFound(ShopMessages.orderNotFound);
    if (current.status === "suspended") {
      throw new HttpError(409, ErrorCode.orderSuspended, ShopMessages.orderSuspended);
    }

    const balance = await debit(tx, userId, current.price, ShopMessages.insufficientCreditsRenewal);
    await tx`
      update orders
      set expire_date = greatest(expire_date, now()) + ${period}::interval, status = 'active'
      where id = ${orderId}`;
    const services = await tx<{ id: string }[]>`
      update services set service_status = 'active'
      where order_id = ${orderId} and user_id = ${userId} and service_status <> 'active'
      returning id`;
    await ledger(tx, userId, current.price, "renewal", `RENEW-${orderId.slice(0, 8)}`);
    await tx`update idempotency_keys set order_id = ${orderId} where user_id = ${userId} and key = ${key}`;
    const order = (await findOrder(tx, userId, orderId))!;
    await recordAudit(tx, {
      actorId: userId,
      action: "order.renew",
      entity: "order",
      entityId: orderId,
      before: {
        credits: balance.credits_before,
        status: current.status,
        expire_date: current.expire_date,
      },
      after: {
        credits: balance.credits,
        status: order.status,
        expire_date: order.expire_date,
        reactivated_services: services.map((s) => s.id),
      },
    });
    return { order, credits: balance.credits, replayed: false };
  });
}
