import type { Tx } from "../platform/db.ts";
import { enqueueAccountMail, enqueueMail } from "./outbox.ts";
import { orderExpired, type ServiceLine } from "./templates/lifecycle.ts";
import { servicesSuspendedStaff } from "./templates/staff.ts";

/** Where staff mails go (ADMIN_NOTIFY_EMAIL) and the admin page their button opens. */
export interface StaffMail {
  to: string;
  adminUrl: string;
}

export const staffMailOf = (config: {
  ADMIN_NOTIFY_EMAIL?: string;
  PUBLIC_URL: string;
}): StaffMail | undefined =>
  config.ADMIN_NOTIFY_EMAIL
    ? { to: config.ADMIN_NOTIFY_EMAIL, adminUrl: new URL("/admin/orders", config.PUBLIC_URL).href }
    : undefined;

/**
 * In the expiry job's transaction, for each order it expired: the customer's notice
 * (always sent: it says their services stopped) and, when services were suspended, the staff mail.
 * Keyed by order and expiry, so the order's next period can expire (and be told) again.
 */
export async function queueExpiryNotices(
  tx: Tx,
  expired: { id: string; expire_date: Date }[],
  suspendedIds: string[],
  staff: StaffMail | undefined,
): Promise<void> {
  const orders = await tx<
    { id: string; user_id: string; product_name: string; username: string; email: string }[]
  >`
    select o.id, o.user_id, p.name as product_name, pr.username, pr.email
    from orders o join products p on p.id = o.product_id join profiles pr on pr.id = o.user_id
    where o.id = any(${expired.map((o) => o.id)}::uuid[])`;
  const services = suspendedIds.length
    ? await tx<(ServiceLine & { order_id: string; reseller_id: number })[]>`
        select id, order_id, service_type, ipv4, reseller_id from services
        where id = any(${suspendedIds}::uuid[]) order by created_at`
    : [];
  for (const order of orders) {
    const period = expired.find((o) => o.id === order.id)!.expire_date.getTime();
    const suspended = services.filter((s) => s.order_id === order.id);
    await enqueueAccountMail(tx, {
      kind: suspended.length ? "suspended" : "expired",
      accountId: order.user_id,
      dedupeKey: `expired:${order.id}:${period}`,
      ...orderExpired({ productName: order.product_name, orderId: order.id, services: suspended }),
    });
    if (staff && suspended.length) {
      await enqueueMail(tx, {
        kind: "staff_suspended",
        to: staff.to,
        dedupeKey: `staff:suspended:${order.id}:${period}`,
        ...servicesSuspendedStaff({
          orderId: order.id,
          productName: order.product_name,
          username: order.username,
          email: order.email,
          services: suspended,
          adminUrl: staff.adminUrl,
        }),
      });
    }
  }
}
