import { recordAudit } from "../audit/audit.ts";
import { queueExpiryNotices, type StaffMail } from "../mail/lifecycle-notices.ts";
import type { Sql } from "../platform/db.ts";

const BATCH = 500;

export interface ExpiryResult {
  orders: number;
  services: number;
}

/**
 * Active orders whose expiry has passed become expired and their linked services
 * suspended. Safe with several API instances: each batch locks its orders with FOR UPDATE SKIP
 * LOCKED, and a row another instance (or a renewal) changed meanwhile is re-checked by Postgres
 * against `status = 'active' and expire_date <= now()` before it is touched, so every order is
 * changed once.
 */
export async function expireOrders(
  sql: Sql,
  /**
   * GRACE_DAYS keeps an order active (services running) that long past its expiry;
   * 0 expires it at expire_date as before. `staff` receives the suspension mails.
   */
  settings: { graceDays: number; staff?: StaffMail } = { graceDays: 0 },
): Promise<ExpiryResult> {
  const total: ExpiryResult = { orders: 0, services: 0 };
  for (;;) {
    const batch = await sql.begin(async (tx) => {
      const expired = await tx<{ id: string; user_id: string; expire_date: Date }[]>`
        update orders o set status = 'expired'
        from (
          select id from orders
          where status = 'active' and expire_date <= now() - make_interval(days => ${settings.graceDays})
          order by expire_date
          limit ${BATCH}
          for update skip locked
        ) due
        where o.id = due.id
        returning o.id, o.user_id, o.expire_date`;
      if (expired.length === 0) return { orders: 0, services: 0 };
      const suspended = await tx<{ id: string; order_id: string }[]>`
        update services set service_status = 'suspended'
        where order_id = any(${expired.map((o) => o.id)}::uuid[]) and service_status = 'active'
        returning id, order_id`;
      for (const order of expired) {
        await recordAudit(tx, {
          actorId: null,
          action: "order.expire",
          entity: "order",
          entityId: order.id,
          before: { status: "active", expire_date: order.expire_date },
          after: {
            status: "expired",
            suspended_services: suspended.filter((s) => s.order_id === order.id).map((s) => s.id),
          },
        });
      }
      await queueExpiryNotices(
        tx,
        expired,
        suspended.map((s) => s.id),
        settings.staff,
      );
      return { orders: expired.length, services: suspended.length };
    });
    total.orders += batch.orders;
    total.services += batch.services;
    if (batch.orders < BATCH) return total;
  }
}

/** Idempotency keys only guard against retries and double clicks; a day is ample. */
export async function pruneIdempotencyKeys(sql: Sql): Promise<number> {
  const rows =
    await sql`delete from idempotency_keys where created_at < now() - interval '1 day' returning 1`;
  return rows.length;
}
