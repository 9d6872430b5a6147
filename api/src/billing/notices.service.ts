import type { PaymentNotices } from "../../contracts/billing.ts";
import type { Db } from "../platform/db.ts";
import { CREDITED, statusIn } from "./top-up.service.ts";

/** How long a denied top-up stays on the customer's page (PayPal's own dispute window). */
const DENIED_SHOWN_DAYS = 180;

/**
 * What the customer's transactions cannot show: credits held by open disputes, and top-ups PayPal
 * held as pending and then denied (never credited, so they have no ledger row).
 */
export async function paymentNotices(sql: Db, userId: string): Promise<PaymentNotices> {
  const [profile] = await sql<[{ held: string; available: string }?]>`
    select credits_held::text as held, greatest(credits - credits_held, 0)::numeric(12, 2)::text as available
    from profiles where id = ${userId}`;
  const disputes = await sql<{ capture_id: string; amount: string; opened_at: Date }[]>`
    select d.capture_id, max(d.amount)::text as amount, min(d.created_at) as opened_at
    from paypal_disputes d join paypal_orders o on o.capture_id = d.capture_id
    where o.user_id = ${userId} and d.status = 'open' and ${statusIn(sql, CREDITED, "o.status")}
    group by d.capture_id
    order by opened_at`;
  const denied = await sql<
    { order_id: string; amount: string; capture_id: string | null; denied_at: Date }[]
  >`
    select id as order_id, amount::text, capture_id, denied_at from paypal_orders
    where user_id = ${userId} and denied_at > now() - make_interval(days => ${DENIED_SHOWN_DAYS})
    order by denied_at desc
    limit 20`;
  return {
    held: profile?.held ?? "0.00",
    available: profile?.available ?? "0.00",
    disputes: disputes.map((d) => ({ ...d, opened_at: d.opened_at.toISOString() })),
    not_credited: denied.map((d) => ({ ...d, denied_at: d.denied_at.toISOString() })),
  };
}
