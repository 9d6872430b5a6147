import { Hono } from "hono";
import {
  MAIL_OUTBOX_PAGE_DEFAULT,
  type MailOutboxEntry,
  MailOutboxList,
  MailOutboxQuery,
} from "../../contracts/mail-outbox.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { decodeCursor, newestFirstShape, toPage } from "../platform/list-page.ts";
import { describe, validate } from "../platform/openapi.ts";

/**
 * The admin's view of the outbox, newest first, keyset-paged like the other admin lists
 * (mounted by adminRoutes, behind its guard).
 */
export function mailOutboxRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/",
    describe({
      operationId: "adminListMailOutbox",
      summary:
        "Outgoing mails, newest first, with their delivery state (queued, sending, sent, failed), attempts and last error",
      tags: ["admin"],
      response: MailOutboxList,
      access: "admin",
      errors: [422],
    }),
    validate("query", MailOutboxQuery),
    async (c) => c.json(await listMailOutbox(deps.sql, c.req.valid("query")), 200),
  );
}

type Row = Omit<MailOutboxEntry, "next_attempt_at" | "created_at" | "sent_at"> & {
  next_attempt_at: Date;
  created_at: Date;
  sent_at: Date | null;
  created_key: string;
};

export async function listMailOutbox(sql: Db, query: MailOutboxQuery) {
  const limit = query.limit ?? MAIL_OUTBOX_PAGE_DEFAULT;
  const after = query.cursor
    ? decodeCursor("mail-outbox", query.cursor, newestFirstShape)
    : undefined;
  // `::text::timestamptz`: a parameter typed timestamptz would pass through a JS Date in
  // postgres.js and lose its microseconds, skipping rows of the same millisecond.
  const rows = await sql<Row[]>`
    select id, kind, to_address, user_id, subject, state, attempts, next_attempt_at, last_error,
      message_id, created_at, sent_at, created_at::text as created_key
    from mail_outbox
    where true
      ${query.state ? sql`and state = ${query.state}` : sql``}
      ${after ? sql`and (created_at, id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
    order by created_at desc, id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "mail-outbox", (r) => [r.created_key, r.id]);
  return {
    mails: page.map(({ created_key: _, ...r }) => ({
      ...r,
      next_attempt_at: r.next_attempt_at.toISOString(),
      created_at: r.created_at.toISOString(),
      sent_at: r.sent_at?.toISOString() ?? null,
    })),
    next_cursor,
  };
}
