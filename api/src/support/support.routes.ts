import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/mini";
import { IdParam } from "../../contracts/admin.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import {
  AdminTicket,
  AdminTicketList,
  AdminTicketQuery,
  AssignBody,
  ATTACHMENT_MAX_BYTES,
  Attachment,
  AttachmentQuery,
  CannedAnswer,
  CannedAnswerBody,
  CannedAnswerList,
  NewTicketBody,
  NoteBody,
  ReplyBody,
  StaffList,
  SupportMessages,
  Ticket,
  TicketList,
  TicketQuery,
} from "../../contracts/support.ts";
import { adminDoc } from "../admin/admin-doc.ts";
import { accountOf, actorOf, requireAuth } from "../auth/middleware.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { downloadHeaders, readAttachment, storeAttachment } from "./attachments.ts";
import {
  addNote,
  assignTicket,
  createCanned,
  customerClose,
  customerReply,
  deleteCanned,
  getMyTicket,
  getStaffTicket,
  listCanned,
  listMyTickets,
  listQueue,
  listStaff,
  openTicket,
  staffClose,
  staffReply,
} from "./tickets.service.ts";

/** The one upload route: its body is the file itself, up to the attachment limit (app.ts lets it past the 64 KB limit). */
export const ATTACHMENT_UPLOAD_PATH = "/api/support/attachments";

const uploadLimit = bodyLimit({
  maxSize: ATTACHMENT_MAX_BYTES,
  onError: (c) =>
    c.json(
      { error: { code: ErrorCode.payloadTooLarge, message: SupportMessages.attachmentTooLarge } },
      413,
    ),
});

const download = (file: Awaited<ReturnType<typeof readAttachment>>) =>
  new Response(file.bytes, { status: 200, headers: downloadHeaders(file) });

/** Under /api/support: the caller's own tickets and attachments, never anyone else's. */
export function supportRoutes(deps: Deps) {
  const { sql, config } = deps;
  const auth = requireAuth(deps);
  const tags = ["support"];
  const idParam = validate("param", IdParam);
  return new Hono<AppEnv>()
    .get(
      "/tickets",
      describe({
        operationId: "listSupportTickets",
        summary: "The caller's tickets, newest activity first, a page at a time",
        tags,
        response: TicketList,
      }),
      auth,
      validate("query", TicketQuery),
      async (c) => c.json(await listMyTickets(sql, accountOf(c), c.req.valid("query")), 200),
    )
    .post(
      "/tickets",
      describe({
        operationId: "openSupportTicket",
        summary:
          "Open a ticket with its first message and attachments uploaded before (at most SUPPORT_TICKETS_PER_HOUR per hour, default 5)",
        tags,
        response: Ticket,
        status: 201,
        errors: [404, 422, 429],
      }),
      auth,
      validate("json", NewTicketBody),
      async (c) => c.json(await openTicket(sql, config, actorOf(c), c.req.valid("json")), 201),
    )
    .get(
      "/tickets/:id",
      describe({
        operationId: "getSupportTicket",
        summary: "One of the caller's tickets with its conversation (never staff's internal notes)",
        tags,
        response: Ticket,
        errors: [404],
      }),
      auth,
      idParam,
      async (c) => c.json(await getMyTicket(sql, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/tickets/:id/replies",
      describe({
        operationId: "replySupportTicket",
        summary: "Reply to one of the caller's open tickets; staff are mailed",
        tags,
        response: Ticket,
        status: 201,
        errors: [404, 409, 422],
      }),
      auth,
      idParam,
      validate("json", ReplyBody),
      async (c) =>
        c.json(
          await customerReply(
            sql,
            config,
            actorOf(c),
            c.req.valid("param").id,
            c.req.valid("json"),
          ),
          201,
        ),
    )
    .post(
      "/tickets/:id/close",
      describe({
        operationId: "closeSupportTicket",
        summary: "Close one of the caller's tickets (closing a closed ticket changes nothing)",
        tags,
        response: Ticket,
        errors: [404],
      }),
      auth,
      idParam,
      async (c) => c.json(await customerClose(sql, accountOf(c), c.req.valid("param").id), 200),
    )
    .post(
      "/attachments",
      describe({
        operationId: "uploadSupportAttachment",
        summary:
          "Upload one attachment (the request body is the file, at most 5 MB; PNG, JPEG, GIF, WebP, PDF or UTF-8 text, decided from the content) for the caller's next ticket or reply; passes the virus-scan hook",
        tags,
        response: Attachment,
        status: 201,
        errors: [422],
      }),
      auth,
      uploadLimit,
      validate("query", AttachmentQuery),
      async (c) => {
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const stored = await storeAttachment(
          sql,
          config,
          accountOf(c),
          c.req.valid("query").name,
          bytes,
        );
        return c.json(stored, 201);
      },
    )
    .get(
      "/attachments/:id",
      describe({
        operationId: "downloadSupportAttachment",
        summary:
          "Download an attachment of one of the caller's tickets (or their own unsent upload), always as a download (Content-Disposition: attachment)",
        tags,
        response: z.string(),
        media: "application/octet-stream",
        errors: [404],
      }),
      auth,
      idParam,
      async (c) =>
        download(await readAttachment(sql, config, c.req.valid("param").id, accountOf(c))),
    );
}

/**
 * Under /api/admin/support (mounted by adminRoutes, behind its guard): the staff queue, internal
 * notes and canned answers.
 */
export function adminSupportRoutes(deps: Deps) {
  const { sql, config } = deps;
  const idParam = validate("param", IdParam);
  const staffId = (c: { get(k: "auth"): { userId: string } }) => c.get("auth").userId;
  return new Hono<AppEnv>()
    .get(
      "/tickets",
      adminDoc({
        operationId: "adminListSupportTickets",
        summary:
          "The ticket queue, newest activity first, a page at a time (status, category, assignee filters; search by subject or customer email)",
        response: AdminTicketList,
      }),
      validate("query", AdminTicketQuery),
      async (c) => c.json(await listQueue(sql, c.req.valid("query")), 200),
    )
    .get(
      "/tickets/:id",
      adminDoc({
        operationId: "adminGetSupportTicket",
        summary:
          "A ticket with every message and internal note, its times to first answer and to close, and the customer's balance, services and orders",
        response: AdminTicket,
        errors: [404],
      }),
      idParam,
      async (c) => c.json(await getStaffTicket(sql, c.req.valid("param").id), 200),
    )
    .put(
      "/tickets/:id/assignee",
      adminDoc({
        operationId: "adminAssignSupportTicket",
        summary: "Assign a ticket to a staff member (null: unassigned)",
        response: AdminTicket,
        errors: [404, 422],
      }),
      idParam,
      validate("json", AssignBody),
      async (c) =>
        c.json(
          await assignTicket(
            sql,
            staffId(c),
            c.req.valid("param").id,
            c.req.valid("json").assignee_id,
          ),
          200,
        ),
    )
    .post(
      "/tickets/:id/replies",
      adminDoc({
        operationId: "adminReplySupportTicket",
        summary:
          "Reply to the customer (mailed to them, shown live on their page); the ticket then waits for the customer",
        response: AdminTicket,
        status: 201,
        errors: [404, 422],
      }),
      idParam,
      validate("json", ReplyBody),
      async (c) =>
        c.json(
          await staffReply(sql, config, staffId(c), c.req.valid("param").id, c.req.valid("json")),
          201,
        ),
    )
    .post(
      "/tickets/:id/notes",
      adminDoc({
        operationId: "adminNoteSupportTicket",
        summary: "Add an internal note: staff only, the customer never sees it",
        response: AdminTicket,
        status: 201,
        errors: [404],
      }),
      idParam,
      validate("json", NoteBody),
      async (c) =>
        c.json(
          await addNote(sql, staffId(c), c.req.valid("param").id, c.req.valid("json").message),
          201,
        ),
    )
    .post(
      "/tickets/:id/close",
      adminDoc({
        operationId: "adminCloseSupportTicket",
        summary: "Close a ticket (the time to close is recorded)",
        response: AdminTicket,
        errors: [404],
      }),
      idParam,
      async (c) => c.json(await staffClose(sql, staffId(c), c.req.valid("param").id), 200),
    )
    .get(
      "/attachments/:id",
      adminDoc({
        operationId: "adminDownloadSupportAttachment",
        summary: "Download any ticket attachment, always as a download",
        response: z.string(),
        media: "application/octet-stream",
        errors: [404],
      }),
      idParam,
      async (c) => download(await readAttachment(sql, config, c.req.valid("param").id, null)),
    )
    .get(
      "/staff",
      adminDoc({
        operationId: "adminListSupportStaff",
        summary: "Staff members a ticket can be assigned to",
        response: StaffList,
      }),
      async (c) => c.json({ staff: await listStaff(sql) }, 200),
    )
    .get(
      "/canned-answers",
      adminDoc({
        operationId: "adminListCannedAnswers",
        summary: "Canned answers, by title",
        response: CannedAnswerList,
      }),
      async (c) => c.json({ answers: await listCanned(sql) }, 200),
    )
    .post(
      "/canned-answers",
      adminDoc({
        operationId: "adminCreateCannedAnswer",
        summary: "Add a canned answer",
        response: CannedAnswer,
        status: 201,
        errors: [409],
      }),
      validate("json", CannedAnswerBody),
      async (c) => c.json(await createCanned(sql, c.req.valid("json")), 201),
    )
    .delete(
      "/canned-answers/:id",
      adminDoc({
        operationId: "adminDeleteCannedAnswer",
        summary: "Remove a canned answer",
        errors: [404],
      }),
      idParam,
      async (c) => {
        await deleteCanned(sql, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
