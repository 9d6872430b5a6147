import { ErrorCode } from "../../contracts/errors.ts";
import {
  type AdminTicket,
  type AdminTicketList,
  type AdminTicketQuery,
  autoClosedMessage,
  type CannedAnswer,
  type NewTicketBody,
  type ReplyBody,
  type SupportCategory,
  SupportMessages,
  type SupportStatus,
  type Ticket,
  type TicketList,
  type TicketMessage,
} from "../../contracts/support.ts";
import { conflict } from "../admin/admin-rows.ts";
import { containsPattern, pageSize } from "../admin/list-page.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Actor } from "../auth/middleware.ts";
import { enqueueAccountMail, enqueueMail, SUPPORT_READERS } from "../mail/outbox.ts";
import type { Config } from "../platform/config.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { decodeCursor, newestFirstShape, toPage } from "../platform/list-page.ts";
import * as mails from "./mails.ts";

type SupportConfig = Pick<
  Config,
  "ADMIN_NOTIFY_EMAIL" | "PUBLIC_URL" | "SUPPORT_TICKETS_PER_HOUR" | "SUPPORT_AUTO_CLOSE_DAYS"
>;

const validation = (message: string) => new HttpError(422, ErrorCode.validation, message);
const ticketUrl = (config: SupportConfig, id: string, staff: boolean) =>
  new URL(staff ? `/admin/support/${id}` : `/support/${id}`, config.PUBLIC_URL).href;

/** Summary columns, with the sort key as exact text for the cursor. */
const summaryColumns = (sql: Db) => sql`
  t.id, t.subject, t.category, t.status, to_json(t.created_at) #>> '{}' as created_at,
  to_json(t.last_activity_at) #>> '{}' as last_activity_at,
  to_json(t.last_reply_at) #>> '{}' as last_reply_at`;

const isoText = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The messages of a ticket with their attachments, oldest first. `staff` false: the customer's
 * view, internal notes left out in the query itself.
 */
async function messagesOf(sql: Db, ticketId: string, staff: boolean): Promise<TicketMessage[]> {
  const rows = await sql<
    (Omit<TicketMessage, "created_at"> & { created_at: Date; author_name: string | null })[]
  >`
    select m.id, m.author_role as author, m.internal, m.body, m.created_at,
      ${staff ? sql`p.username` : sql`null::text`} as author_name,
      coalesce((select json_agg(json_build_object('id', a.id, 'file_name', a.file_name,
          'content_type', a.content_type, 'size_bytes', a.size_bytes) order by a.created_at, a.id)
        from support_attachments a where a.message_id = m.id), '[]'::json) as attachments
    from support_messages m left join profiles p on p.id = m.author_id
    where m.ticket_id = ${ticketId} ${staff ? sql`` : sql`and not m.internal`}
    order by m.created_at, m.id`;
  return rows.map((r) =>
    staff
      ? { ...r, created_at: r.created_at.toISOString() }
      : {
          id: r.id,
          author: r.author,
          body: r.body,
          created_at: r.created_at.toISOString(),
          attachments: r.attachments,
        },
  );
}

/** Links the caller's own unattached uploads to a new message; any other id is a 422. */
async function attach(tx: Tx, ownerId: string, ticketId: string, messageId: string, ids: string[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const linked = await tx`
    update support_attachments set ticket_id = ${ticketId}, message_id = ${messageId}
    where id = any(${unique}::uuid[]) and owner_id = ${ownerId} and message_id is null
    returning id`;
  if (linked.length !== unique.length) throw validation(SupportMessages.attachmentUnusable);
}

/** Where a staff mail about this ticket goes: its assignee, else ADMIN_NOTIFY_EMAIL, else nowhere. */
async function staffAddress(tx: Tx, config: SupportConfig, ticketId: string) {
  const [row] = await tx<[{ email: string | null }?]>`
    select p.email from support_tickets t left join profiles p on p.id = t.assignee_id
    where t.id = ${ticketId}`;
  return row?.email ?? config.ADMIN_NOTIFY_EMAIL ?? null;
}

// ---------------------------------------------------------------- customer

export async function listMyTickets(
  sql: Db,
  userId: string,
  query: { limit?: number; cursor?: string },
): Promise<TicketList> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? decodeCursor("support", query.cursor, newestFirstShape) : null;
  const rows = await sql<(TicketList["tickets"][number] & { sort_at: string })[]>`
    select ${summaryColumns(sql)}, to_json(t.last_activity_at) #>> '{}' as sort_at
    from support_tickets t
    where t.user_id = ${userId}
      ${after ? sql`and (t.last_activity_at, t.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
    order by t.last_activity_at desc, t.id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "support", (r) => [r.sort_at, r.id]);
  return {
    tickets: page.map(({ sort_at: _s, ...r }) => ({
      ...r,
      created_at: isoText(r.created_at)!,
      last_activity_at: isoText(r.last_activity_at)!,
      last_reply_at: isoText(r.last_reply_at)!,
    })),
    next_cursor,
  };
}

export async function getMyTicket(sql: Db, userId: string, id: string): Promise<Ticket> {
  const [row] = await sql<[(Omit<Ticket, "messages"> & { closed_at: string | null })?]>`
    select ${summaryColumns(sql)}, t.service_id, t.order_id,
      to_json(t.closed_at) #>> '{}' as closed_at
    from support_tickets t where t.id = ${id} and t.user_id = ${userId}`;
  if (!row) throw notFound(SupportMessages.ticketNotFound);
  return {
    ...row,
    created_at: isoText(row.created_at)!,
    last_activity_at: isoText(row.last_activity_at)!,
    last_reply_at: isoText(row.last_reply_at)!,
    closed_at: isoText(row.closed_at),
    messages: await messagesOf(sql, id, false),
  };
}

/**
 * Opens a ticket with its first message. At most SUPPORT_TICKETS_PER_HOUR per customer and hour:
 * the customer's profile row is locked while counting, so concurrent requests cannot both pass.
 */
export async function openTicket(
  sql: Sql,
  config: SupportConfig,
  actor: Actor,
  body: NewTicketBody,
): Promise<Ticket> {
  const userId = actor.accountId;
  const id = await sql.begin(async (tx) => {
    const [me] = await tx<[{ email: string }?]>`
      select email from profiles where id = ${userId} for update`;
    if (!me) throw notFound(SupportMessages.ticketNotFound);
    const [recent] = await tx<[{ n: number; retry: number }]>`
      select count(*)::int as n,
        coalesce(ceil(extract(epoch from min(created_at) + interval '1 hour' - now())), 1)::int as retry
      from support_tickets where user_id = ${userId} and created_at > now() - interval '1 hour'`;
    if (recent.n >= config.SUPPORT_TICKETS_PER_HOUR)
      throw new HttpError(429, ErrorCode.rateLimited, SupportMessages.tooManyTickets, {
        "Retry-After": String(Math.max(1, recent.retry)),
      });
    if (body.service_id) {
      const [s] =
        await tx`select 1 from services where id = ${body.service_id} and user_id = ${userId}`;
      if (!s) throw validation(SupportMessages.serviceNotYours);
    }
    if (body.order_id) {
      const [o] =
        await tx`select 1 from orders where id = ${body.order_id} and user_id = ${userId}`;
      if (!o) throw validation(SupportMessages.orderNotYours);
    }
    const [t] = await tx<[{ id: string }]>`
      insert into support_tickets (user_id, subject, category, service_id, order_id)
      values (${userId}, ${body.subject}, ${body.category}, ${body.service_id ?? null},
        ${body.order_id ?? null})
      returning id`;
    const [m] = await tx<[{ id: string }]>`
      insert into support_messages (ticket_id, author_id, author_role, body)
      values (${t.id}, ${actor.userId}, 'customer', ${body.message}) returning id`;
    await attach(tx, userId, t.id, m.id, body.attachment_ids ?? []);
    if (config.ADMIN_NOTIFY_EMAIL) {
      const mail = mails.ticketOpenedStaff({
        id: t.id,
        subject: body.subject,
        category: body.category,
        email: me.email,
        body: body.message,
        url: ticketUrl(config, t.id, true),
      });
      await enqueueMail(tx, {
        kind: "support_ticket_staff",
        to: config.ADMIN_NOTIFY_EMAIL,
        dedupeKey: `support-opened:${t.id}`,
        ...mail,
      });
    }
    return t.id;
  });
  return getMyTicket(sql, userId, id);
}

/** The customer's reply: the ticket waits for staff again (a closed ticket takes no replies). */
export async function customerReply(
  sql: Sql,
  config: SupportConfig,
  actor: Actor,
  id: string,
  body: ReplyBody,
): Promise<Ticket> {
  const userId = actor.accountId;
  await sql.begin(async (tx) => {
    const [t] = await tx<[{ status: SupportStatus; subject: string; email: string }?]>`
      select t.status, t.subject, p.email from support_tickets t join profiles p on p.id = t.user_id
      where t.id = ${id} and t.user_id = ${userId} for update of t`;
    if (!t) throw notFound(SupportMessages.ticketNotFound);
    if (t.status === "closed") throw conflict(SupportMessages.closed);
    const [m] = await tx<[{ id: string }]>`
      insert into support_messages (ticket_id, author_id, author_role, body)
      values (${id}, ${actor.userId}, 'customer', ${body.message}) returning id`;
    await attach(tx, userId, id, m.id, body.attachment_ids ?? []);
    // A ticket nobody answered yet stays "open"; one staff answered waits for staff now.
    await tx`
      update support_tickets set
        status = case when status = 'open' then 'open' else 'waiting_staff' end,
        waiting_since = null, last_activity_at = now(), last_reply_at = now()
      where id = ${id}`;
    const to = await staffAddress(tx, config, id);
    if (to) {
      await enqueueMail(tx, {
        kind: "support_reply_staff",
        to,
        dedupeKey: `support-customer-reply:${m.id}`,
        ...mails.customerRepliedStaff({
          id,
          subject: t.subject,
          email: t.email,
          body: body.message,
          url: ticketUrl(config, id, true),
        }),
      });
    }
  });
  return getMyTicket(sql, userId, id);
}

export async function customerClose(sql: Sql, userId: string, id: string): Promise<Ticket> {
  const rows = await sql`
    update support_tickets set status = 'closed', closed_at = now(), closed_by = 'customer',
      waiting_since = null, last_activity_at = now()
    where id = ${id} and user_id = ${userId} and status <> 'closed' returning id`;
  if (rows.length === 0) {
    const [exists] =
      await sql`select 1 from support_tickets where id = ${id} and user_id = ${userId}`;
    if (!exists) throw notFound(SupportMessages.ticketNotFound);
  }
  return getMyTicket(sql, userId, id);
}

// ---------------------------------------------------------------- staff

/**
 * The staff queue: newest activity first (id breaks ties), one keyset page at a time, filtered by
 * status, category and assignee; `q` matches part of the subject or of the customer's email. The
 * customers a search names are looked up first (the trigram index on profiles.email), as the order
 * list does, so the ticket side stays an index range.
 */
export async function listQueue(sql: Db, query: AdminTicketQuery = {}): Promise<AdminTicketList> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? decodeCursor("support-queue", query.cursor, newestFirstShape) : null;
  const q = query.q;
  const rows = await sql<(AdminTicketList["tickets"][number] & { sort_at: string })[]>`
    select ${summaryColumns(sql)}, t.user_id, p.email, p.username, t.assignee_id,
      a.username as assignee_name, to_json(t.last_activity_at) #>> '{}' as sort_at
    from support_tickets t join profiles p on p.id = t.user_id
      left join profiles a on a.id = t.assignee_id
    where true
      ${after ? sql`and (t.last_activity_at, t.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
      ${query.status ? sql`and t.status = ${query.status}` : sql``}
      ${query.category ? sql`and t.category = ${query.category}` : sql``}
      ${
        query.assignee === "none"
          ? sql`and t.assignee_id is null`
          : query.assignee
            ? sql`and t.assignee_id = ${query.assignee}`
            : sql``
      }
      ${
        q
          ? sql`and (t.subject ilike ${containsPattern(q)} or t.user_id = any(array(
              select id from profiles where email ilike ${containsPattern(q)})))`
          : sql``
      }
    order by t.last_activity_at desc, t.id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "support-queue", (r) => [r.sort_at, r.id]);
  return {
    tickets: page.map(({ sort_at: _s, ...r }) => ({
      ...r,
      created_at: isoText(r.created_at)!,
      last_activity_at: isoText(r.last_activity_at)!,
      last_reply_at: isoText(r.last_reply_at)!,
    })),
    next_cursor,
  };
}

export async function getStaffTicket(sql: Db, id: string): Promise<AdminTicket> {
  const [row] = await sql<[(Omit<AdminTicket, "messages" | "customer"> & { user_id: string })?]>`
    select ${summaryColumns(sql)}, t.user_id, p.email, p.username, t.assignee_id,
      a.username as assignee_name, t.service_id, t.order_id, t.closed_by,
      to_json(t.closed_at) #>> '{}' as closed_at,
      to_json(t.first_answered_at) #>> '{}' as first_answered_at,
      floor(extract(epoch from t.first_answered_at - t.created_at))::int as first_answer_seconds,
      floor(extract(epoch from t.closed_at - t.created_at))::int as close_seconds
    from support_tickets t join profiles p on p.id = t.user_id
      left join profiles a on a.id = t.assignee_id
    where t.id = ${id}`;
  if (!row) throw notFound(SupportMessages.ticketNotFound);
  const [customer] = await sql<[AdminTicket["customer"]]>`
    select p.credits::text as credits,
      coalesce((select json_agg(json_build_object('id', s.id, 'service_type', s.service_type,
        'service_status', s.service_status) order by s.created_at desc)
        from services s where s.user_id = p.id), '[]'::json) as services,
      coalesce((select json_agg(json_build_object('id', o.id, 'product_name', pr.name,
        'status', o.status, 'expire_date', o.expire_date) order by o.created_at desc)
        from (select * from orders where user_id = p.id order by created_at desc limit 20) o
        join products pr on pr.id = o.product_id), '[]'::json) as orders
    from profiles p where p.id = ${row.user_id}`;
  return {
    ...row,
    created_at: isoText(row.created_at)!,
    last_activity_at: isoText(row.last_activity_at)!,
    last_reply_at: isoText(row.last_reply_at)!,
    closed_at: isoText(row.closed_at),
    first_answered_at: isoText(row.first_answered_at),
    messages: await messagesOf(sql, id, true),
    customer: {
      credits: Number(customer!.credits).toFixed(2),
      services: customer!.services,
      orders: customer!.orders.map((o) => ({ ...o, expire_date: isoText(o.expire_date)! })),
    },
  };
}

async function lockTicket(tx: Tx, id: string) {
  const [t] = await tx<
    [
      {
        status: SupportStatus;
        subject: string;
        category: SupportCategory;
        user_id: string;
        assignee_id: string | null;
      }?,
    ]
  >`select status, subject, category, user_id, assignee_id from support_tickets
    where id = ${id} for update`;
  if (!t) throw notFound(SupportMessages.ticketNotFound);
  return t;
}

/** Who of the ticket's account is mailed about it: its category's roles and whoever wrote in it. */
async function ticketReaders(tx: Tx, ticketId: string, category: SupportCategory) {
  const authors = await tx<{ author_id: string }[]>`
    select distinct author_id from support_messages
    where ticket_id = ${ticketId} and author_role = 'customer' and author_id is not null`;
  return { roles: SUPPORT_READERS[category], members: authors.map((a) => a.author_id) };
}

export async function assignTicket(
  sql: Sql,
  adminId: string,
  id: string,
  assigneeId: string | null,
): Promise<AdminTicket> {
  await sql.begin(async (tx) => {
    const t = await lockTicket(tx, id);
    if (assigneeId) {
      const [staff] = await tx`
        select 1 from user_roles where user_id = ${assigneeId} and role = 'admin'`;
      if (!staff) throw validation(SupportMessages.assigneeNotStaff);
    }
    await tx`update support_tickets set assignee_id = ${assigneeId} where id = ${id}`;
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.support.assign",
      entity: "support_ticket",
      entityId: id,
      before: { assignee_id: t.assignee_id },
      after: { assignee_id: assigneeId },
    });
  });
  return getStaffTicket(sql, id);
}

/**
 * A staff reply: the customer sees it (live, through their event stream, since the ticket row
 * changes) and gets a mail; the ticket then waits for the customer, and the auto-close job counts
 * from now. The first reply records the time to first answer. Replying reopens a closed ticket.
 */
export async function staffReply(
  sql: Sql,
  config: SupportConfig,
  adminId: string,
  id: string,
  body: ReplyBody,
): Promise<AdminTicket> {
  await sql.begin(async (tx) => {
    const t = await lockTicket(tx, id);
    const [m] = await tx<[{ id: string }]>`
      insert into support_messages (ticket_id, author_id, author_role, body)
      values (${id}, ${adminId}, 'staff', ${body.message}) returning id`;
    await attach(tx, adminId, id, m.id, body.attachment_ids ?? []);
    await tx`
      update support_tickets set status = 'waiting_customer', waiting_since = now(),
        closed_at = null, closed_by = null,
        first_answered_at = coalesce(first_answered_at, now()),
        last_activity_at = now(), last_reply_at = now()
      where id = ${id}`;
    await enqueueAccountMail(tx, {
      kind: "support_reply",
      accountId: t.user_id,
      readers: await ticketReaders(tx, id, t.category),
      dedupeKey: `support-staff-reply:${m.id}`,
      ...mails.staffReplied({ id, subject: t.subject, url: ticketUrl(config, id, false) }),
    });
  });
  return getStaffTicket(sql, id);
}

/** An internal note: staff only. It does not touch the ticket row, so the customer is not told. */
export async function addNote(
  sql: Sql,
  adminId: string,
  id: string,
  message: string,
): Promise<AdminTicket> {
  await sql.begin(async (tx) => {
    await tx`select 1 from support_tickets where id = ${id} for key share`.then((r) => {
      if (r.length === 0) throw notFound(SupportMessages.ticketNotFound);
    });
    await tx`
      insert into support_messages (ticket_id, author_id, author_role, internal, body)
      values (${id}, ${adminId}, 'staff', true, ${message})`;
  });
  return getStaffTicket(sql, id);
}

export async function staffClose(sql: Sql, adminId: string, id: string): Promise<AdminTicket> {
  await sql.begin(async (tx) => {
    const t = await lockTicket(tx, id);
    if (t.status === "closed") return;
    await tx`
      update support_tickets set status = 'closed', closed_at = now(), closed_by = 'staff',
        waiting_since = null, last_activity_at = now()
      where id = ${id}`;
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.support.close",
      entity: "support_ticket",
      entityId: id,
      before: { status: t.status },
      after: { status: "closed" },
    });
  });
  return getStaffTicket(sql, id);
}

export async function listStaff(sql: Db) {
  return sql<{ id: string; username: string }[]>`
    select p.id, p.username from user_roles r join profiles p on p.id = r.user_id
    where r.role = 'admin' order by p.username`;
}

export async function listCanned(sql: Db): Promise<CannedAnswer[]> {
  return sql<CannedAnswer[]>`select id, title, body from support_canned_answers order by title`;
}

export async function createCanned(
  sql: Db,
  body: { title: string; body: string },
): Promise<CannedAnswer> {
  const rows = await sql<CannedAnswer[]>`
    insert into support_canned_answers (title, body) values (${body.title}, ${body.body})
    on conflict (title) do nothing returning id, title, body`;
  if (!rows[0]) throw conflict(SupportMessages.cannedTitleTaken);
  return rows[0];
}

export async function deleteCanned(sql: Db, id: string): Promise<void> {
  const rows = await sql`delete from support_canned_answers where id = ${id} returning id`;
  if (rows.length === 0) throw notFound(SupportMessages.cannedNotFound);
}

/**
 * The auto-close job: tickets waiting for the customer for SUPPORT_AUTO_CLOSE_DAYS close, each
 * with a system message and a mail (one per ticket and wait, by its dedupe key). A batch per run,
 * rows locked with skip locked, so two API instances never close the same ticket twice.
 */
export async function autoCloseTickets(sql: Sql, config: SupportConfig): Promise<number> {
  return await sql.begin(async (tx) => {
    const rows = await tx<
      {
        id: string;
        subject: string;
        category: SupportCategory;
        user_id: string;
        waiting_since: Date;
      }[]
    >`
      select t.id, t.subject, t.category, t.user_id, t.waiting_since
      from support_tickets t
      where t.status = 'waiting_customer'
        and t.waiting_since <= now() - make_interval(days => ${config.SUPPORT_AUTO_CLOSE_DAYS})
      order by t.waiting_since limit 500
      for update of t skip locked`;
    for (const t of rows) {
      await tx`
        update support_tickets set status = 'closed', closed_at = now(), closed_by = 'auto',
          waiting_since = null, last_activity_at = now()
        where id = ${t.id}`;
      await tx`
        insert into support_messages (ticket_id, author_role, body)
        values (${t.id}, 'system', ${autoClosedMessage(config.SUPPORT_AUTO_CLOSE_DAYS)})`;
      await enqueueAccountMail(tx, {
        kind: "support_auto_closed",
        accountId: t.user_id,
        readers: await ticketReaders(tx, t.id, t.category),
        dedupeKey: `support-auto-closed:${t.id}:${t.waiting_since.toISOString()}`,
        ...mails.ticketAutoClosed({
          id: t.id,
          subject: t.subject,
          days: config.SUPPORT_AUTO_CLOSE_DAYS,
          url: ticketUrl(config, t.id, false),
        }),
      });
    }
    return rows.length;
  });
}
