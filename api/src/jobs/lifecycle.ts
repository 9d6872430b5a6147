import { type StaffMail, staffMailOf } from "../mail/lifecycle-notices.ts";
import { enqueueAccountMail, enqueueMail } from "../mail/outbox.ts";
import { expiryReminder, gracePeriodStarted, topUpNeeded } from "../mail/templates/lifecycle.ts";
import { terminationWarning } from "../mail/templates/provisioning.ts";
import { newOrderNeedsServer } from "../mail/templates/staff.ts";
import { runCancellations } from "../plan-changes/cancellations.service.ts";
import { type Config, loadConfig } from "../platform/config.ts";
import type { Sql, Tx } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { log } from "../platform/log.ts";
import { AutoRenewNotDue, autoRenewKey } from "../shop/auto-renew.ts";
import { renew } from "../shop/shop.service.ts";
import { type ExpiryResult, expireOrders } from "./expire-orders.ts";

/**
 * The order lifecycle, run on the scheduler's tick by every API instance at once.
 * Nothing here needs a single runner: auto-renewals are claimed by their Idempotency-Key, expiry
 * locks its rows (SKIP LOCKED), and each notice is one order_notices row (primary key) written
 * in the transaction that queues its mail (whose dedupe key is the second lock on the door).
 */
export interface LifecycleSettings {
  /** REMINDER_DAYS, largest first. */
  reminderDays: number[];
  graceDays: number;
  autoRenewHoursBefore: number;
  /** TERMINATE_AFTER_DAYS: a VPS suspended this long is deleted at the provider. */
  terminateAfterDays: number;
  publicUrl: string;
  staff?: StaffMail;
}

export function lifecycleSettings(config: Config = loadConfig({})): LifecycleSettings {
  return {
    reminderDays: config.REMINDER_DAYS,
    graceDays: config.GRACE_DAYS,
    autoRenewHoursBefore: config.AUTO_RENEW_HOURS_BEFORE,
    terminateAfterDays: config.TERMINATE_AFTER_DAYS,
    publicUrl: config.PUBLIC_URL,
    staff: staffMailOf(config),
  };
}

export interface LifecycleResult extends ExpiryResult {
  terminations: number;
  auto_renewed: number;
  reminders: number;
  notices: number;
}

const BATCH = 500;

export async function runLifecycle(
  sql: Sql,
  settings: LifecycleSettings,
): Promise<LifecycleResult> {
  // Auto-renew first: an order it renews on its last minute is never expired.
  const renewals = await autoRenewOrders(sql, settings);
  // Orders cancelled at the end of their period end here, before expiry would suspend them.
  await runCancellations(sql);
  const expired = await expireOrders(sql, settings);
  const grace = settings.graceDays > 0 ? await sendGraceNotices(sql, settings) : 0;
  const reminders = await sendReminders(sql, settings);
  const staff = settings.staff ? await notifyNewOrders(sql, settings.staff) : 0;
  const terminations = await queueTerminations(sql, settings);
  return {
    ...expired,
    auto_renewed: renewals.renewed,
    reminders,
    notices: renewals.notices + grace + staff + terminations.warnings,
    terminations: terminations.queued,
  };
}

/**
 * Records one notice of an order and queues its mail (`queue`, run only for a fresh notice) in one
 * transaction; false when another run (or an earlier one) wrote it.
 */
async function notice(
  sql: Sql,
  order: { id: string; expire_date: Date },
  name: string,
  queue: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  return await sql.begin(async (tx) => {
    const [fresh] = await tx`
      insert into order_notices (order_id, notice, period_end)
      values (${order.id}, ${name}, ${order.expire_date})
      on conflict do nothing
      returning 1`;
    if (!fresh) return false;
    await queue(tx);
    return true;
  });
}

interface DueOrder {
  id: string;
  user_id: string;
  expire_date: Date;
  product_name: string;
  price: string;
  credits: string;
}

/**
 * Orders with auto-renew on within AUTO_RENEW_HOURS_BEFORE of their expiry (or in their grace
 * period) are renewed by renew() itself. Without enough credits the customer is told once per
 * period, while there is still time to top up; the job tries again on every tick until the order
 * expires, so a top-up is picked up within a minute.
 */
export async function autoRenewOrders(
  sql: Sql,
  settings: Pick<LifecycleSettings, "autoRenewHoursBefore">,
): Promise<{ renewed: number; notices: number }> {
  const due = await sql<(DueOrder & { covered: boolean })[]>`
    select o.id, o.user_id, o.expire_date, p.name as product_name, p.price, pr.credits,
      pr.credits - pr.credits_held >= p.price as covered
    from orders o
      join products p on p.id = o.product_id
      join profiles pr on pr.id = o.user_id
    where o.status = 'active' and o.auto_renew
      and o.expire_date <= now() + make_interval(hours => ${settings.autoRenewHoursBefore})
      and not exists (
        select 1 from cancellations c where c.order_id = o.id and c.state = 'scheduled')
      and (pr.credits - pr.credits_held >= p.price or not exists (
        select 1 from order_notices n where n.order_id = o.id and n.notice = 'topup-needed'))
    order by o.expire_date
    limit ${BATCH}`;
  let renewed = 0;
  let notices = 0;
  for (const order of due) {
    if (order.covered) {
      try {
        const outcome = await renew(
          sql,
          order.user_id,
          order.id,
          autoRenewKey(order.id, order.expire_date),
        );
        if (!outcome.replayed) renewed++;
        continue;
      } catch (err) {
        if (err instanceof AutoRenewNotDue) continue;
        // The balance was spent between the read and the debit: tell the customer below.
        if (!(err instanceof HttpError && err.status === 402)) {
          log("error", "auto-renewal failed", {
            order_id: order.id,
            error: (err as Error).message,
          });
          continue;
        }
      }
    }
    const sent = await notice(sql, order, "topup-needed", (tx) =>
      enqueueAccountMail(tx, {
        kind: "topup_needed",
        accountId: order.user_id,
        dedupeKey: `topup-needed:${order.id}:${order.expire_date.getTime()}`,
        ...topUpNeeded({
          productName: order.product_name,
          orderId: order.id,
          expireDate: order.expire_date,
          price: order.price,
          balance: order.credits,
        }),
      }),
    );
    if (sent) notices++;
  }
  return { renewed, notices };
}

/**
 * One reminder per REMINDER_DAYS day and period: an order gets the reminder of the smallest day
 * its remaining time fits in, so a reminder missed while no job ran is not sent late beside the
 * next one. Customers who turned reminders off get the notice row and no mail.
 */
export async function sendReminders(
  sql: Sql,
  settings: Pick<LifecycleSettings, "reminderDays" | "graceDays">,
): Promise<number> {
  if (settings.reminderDays.length === 0) return 0;
  const due = await sql<
    (DueOrder & { day: number; auto_renew: boolean; notify_reminders: boolean })[]
  >`
    select o.id, o.user_id, o.expire_date, o.auto_renew, p.name as product_name, p.price,
      pr.credits, pr.notify_reminders, r.day
    from orders o
      join products p on p.id = o.product_id
      join profiles pr on pr.id = o.user_id
      cross join lateral (
        select min(d) as day from unnest(${settings.reminderDays}::int[]) d
        where o.expire_date <= now() + make_interval(days => d)
      ) r
    where o.status = 'active' and o.expire_date > now()
      and o.expire_date <= now() + make_interval(days => ${Math.max(...settings.reminderDays)})
      and not exists (
        select 1 from order_notices n where n.order_id = o.id and n.notice = 'reminder:' || r.day)
      -- cancelled at the end of the period: nothing to remind of
      and not exists (
        select 1 from cancellations c where c.order_id = o.id and c.state = 'scheduled')
    order by o.expire_date
    limit ${BATCH}`;
  let sent = 0;
  for (const order of due) {
    // Queued whatever the founder chose: the outbox sends it to the owners and billing members
    // whose own reminder choice is on (ACCOUNT_MAIL_AUDIENCE). `sent` counts the founder's.
    const fresh = await notice(sql, order, `reminder:${order.day}`, (tx) =>
      enqueueAccountMail(tx, {
        kind: "reminder",
        accountId: order.user_id,
        dedupeKey: `reminder:${order.id}:${order.expire_date.getTime()}:${order.day}`,
        ...expiryReminder({
          productName: order.product_name,
          orderId: order.id,
          days: order.day,
          expireDate: order.expire_date,
          price: order.price,
          balance: order.credits,
          autoRenew: order.auto_renew,
          graceDays: settings.graceDays,
        }),
      }),
    );
    if (fresh && order.notify_reminders) sent++;
  }
  return sent;
}

/** GRACE_DAYS > 0: an active order past its expiry is in its grace period; told once. */
export async function sendGraceNotices(
  sql: Sql,
  settings: Pick<LifecycleSettings, "graceDays">,
): Promise<number> {
  const due = await sql<DueOrder[]>`
    select o.id, o.user_id, o.expire_date, p.name as product_name, p.price, pr.credits
    from orders o
      join products p on p.id = o.product_id
      join profiles pr on pr.id = o.user_id
    where o.status = 'active' and o.expire_date <= now()
      and not exists (select 1 from order_notices n where n.order_id = o.id and n.notice = 'grace')
    order by o.expire_date
    limit ${BATCH}`;
  let sent = 0;
  for (const order of due) {
    const suspendDate = new Date(order.expire_date.getTime() + settings.graceDays * 86_400_000);
    const fresh = await notice(sql, order, "grace", (tx) =>
      enqueueAccountMail(tx, {
        kind: "grace",
        accountId: order.user_id,
        dedupeKey: `grace:${order.id}:${order.expire_date.getTime()}`,
        ...gracePeriodStarted({
          productName: order.product_name,
          orderId: order.id,
          expireDate: order.expire_date,
          suspendDate,
        }),
      }),
    );
    if (fresh) sent++;
  }
  return sent;
}

/**
 * A VPS suspended for TERMINATE_AFTER_DAYS is deleted at the provider (a `delete` job, which checks
 * again that it is still due, then marks the service terminated and mails the customer). Three days
 * before, the customer is told once per suspension (keyed by the order's expiry).
 */
export async function queueTerminations(
  sql: Sql,
  settings: Pick<LifecycleSettings, "terminateAfterDays" | "publicUrl">,
): Promise<{ queued: number; warnings: number }> {
  const queued = await sql`
    insert into provider_jobs (kind, service_id, vm_id)
    select 'delete', s.id, s.reseller_id from services s
    where s.service_status = 'suspended' and s.service_type = 'vps' and s.reseller_id is not null
      and s.suspended_at <= now() - make_interval(days => ${settings.terminateAfterDays})
    on conflict (vm_id) where kind = 'delete' and state = 'pending' do nothing
    returning 1`;
  const warnAfter = Math.max(settings.terminateAfterDays - 3, 0);
  const due = await sql<(DueOrder & { service_id: string; suspended_at: Date })[]>`
    select o.id, o.user_id, o.expire_date, p.name as product_name, p.price, pr.credits,
      s.id as service_id, s.suspended_at
    from services s join orders o on o.id = s.order_id join products p on p.id = o.product_id
      join profiles pr on pr.id = s.user_id
    where s.service_status = 'suspended' and s.service_type = 'vps' and s.reseller_id is not null
      and s.suspended_at <= now() - make_interval(days => ${warnAfter})
      and not exists (select 1 from order_notices n where n.order_id = o.id
        and n.notice = 'termination-warning:' || floor(extract(epoch from s.suspended_at))::bigint)
    limit ${BATCH}`;
  let warnings = 0;
  for (const row of due) {
    const deleteOn = new Date(
      row.suspended_at.getTime() + settings.terminateAfterDays * 86_400_000,
    );
    const name = `termination-warning:${Math.trunc(row.suspended_at.getTime() / 1000)}`;
    const fresh = await notice(sql, row, name, (tx) =>
      enqueueAccountMail(tx, {
        kind: "termination_warning",
        accountId: row.user_id,
        dedupeKey: `termination-warning:${row.service_id}:${row.suspended_at.getTime()}`,
        ...terminationWarning({
          productName: row.product_name,
          serviceId: row.service_id,
          deleteOn,
          url: new URL("/orders", settings.publicUrl).href,
        }),
      }),
    );
    if (fresh) warnings++;
  }
  return { queued: queued.length, warnings };
}

/**
 * Dedicated servers are set up by staff: a purchase creates a `provisioning` service that waits
 * for them. Staff hear of each such order once, within a tick of the purchase, unless it was set
 * up meanwhile. Orders older than a day are left alone, so turning ADMIN_NOTIFY_EMAIL on does not
 * mail history.
 */
export async function notifyNewOrders(sql: Sql, staff: StaffMail): Promise<number> {
  const waiting = await sql<
    {
      id: string;
      expire_date: Date;
      created_at: Date;
      product_name: string;
      product_type: string;
      username: string;
      email: string;
    }[]
  >`
    select o.id, o.expire_date, o.created_at, p.name as product_name, p.product_type, pr.username,
      pr.email
    from orders o
      join products p on p.id = o.product_id
      join profiles pr on pr.id = o.user_id
    where o.created_at > now() - interval '1 day' and o.status = 'active' and p.product_type = 'dedicated'
      and not exists (select 1 from services s where s.order_id = o.id and s.service_status <> 'provisioning')
      and not exists (
        select 1 from order_notices n where n.order_id = o.id and n.notice = 'staff-new-order')
    order by o.created_at
    limit ${BATCH}`;
  let sent = 0;
  for (const order of waiting) {
    const fresh = await notice(sql, order, "staff-new-order", (tx) =>
      enqueueMail(tx, {
        kind: "staff_new_order",
        to: staff.to,
        dedupeKey: `staff:new-order:${order.id}`,
        ...newOrderNeedsServer({
          orderId: order.id,
          productName: order.product_name,
          productType: order.product_type,
          username: order.username,
          email: order.email,
          createdAt: order.created_at,
          adminUrl: staff.adminUrl,
        }),
      }),
    );
    if (fresh) sent++;
  }
  return sent;
}
