import { z } from "zod/mini";
import { AdminUserQuery } from "./admin.ts";
import { Money, preprocess, Timestamp, Uuid } from "./common.ts";
import { fillTemplate } from "./i18n/fill-template.ts";
import { CursorParam, emptyToUndefined, NextCursor, SearchText } from "./list-page.ts";

/** Texts of support tickets, shared by the API errors and mf-support's pages. */
export const SupportMessages = {
  subjectRequired: "Please enter a subject (at most 200 characters)",
  messageRequired: "Please enter a message (at most 10,000 characters)",
  categoryRequired: "Please choose a category",
  ticketNotFound: "Ticket not found",
  attachmentNotFound: "Attachment not found",
  serviceNotYours: "The linked service was not found",
  orderNotYours: "The linked order was not found",
  closed: "This ticket is closed: open a new ticket instead",
  tooManyTickets: "You have opened too many tickets recently. Please try again later.",
  attachmentTooLarge: "An attachment may be at most 5 MB",
  attachmentType: "Attachments may be images (PNG, JPEG, GIF, WebP), PDF or plain text",
  attachmentName: "The attachment needs a file name (at most 200 characters)",
  attachmentRejected: "The attachment was refused by the virus scan",
  tooManyAttachments: "At most 5 attachments per message",
  attachmentUnusable: "An attachment was not found or is already part of a message",
  assigneeNotStaff: "Tickets can only be assigned to staff",
  cannedNotFound: "Canned answer not found",
  cannedTitleTaken: "A canned answer with this title exists already",
  titleRequired: "Please enter a title (at most 100 characters)",
  /** The system message of a ticket the auto-close job closed (stored in English, shown translated). */
  autoClosed: "Closed automatically after {days} days without an answer.",
} as const;

/** The system message the auto-close job writes into a ticket. */
export const autoClosedMessage = (days: number) =>
  fillTemplate(SupportMessages.autoClosed, { days: String(days) });

export const SUPPORT_CATEGORIES = ["billing", "technical", "sales", "abuse"] as const;
export const SupportCategory = z.enum(SUPPORT_CATEGORIES);
export type SupportCategory = z.infer<typeof SupportCategory>;

export const SUPPORT_STATUSES = ["open", "waiting_customer", "waiting_staff", "closed"] as const;
export const SupportStatus = z.enum(SUPPORT_STATUSES);
export type SupportStatus = z.infer<typeof SupportStatus>;

export const supportStatusLabels: Record<SupportStatus, string> = {
  open: "Open",
  waiting_customer: "Waiting for customer",
  waiting_staff: "Waiting for staff",
  closed: "Closed",
};
export const supportCategoryLabels: Record<SupportCategory, string> = {
  billing: "Billing",
  technical: "Technical",
  sales: "Sales",
  abuse: "Abuse",
};

/** The limits the API enforces on attachments (bytes and types, checked against the content). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 5;
export const ATTACHMENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "text/plain",
] as const;
export const AttachmentType = z.enum(ATTACHMENT_TYPES);

const Body = z.string().check(
  z.trim(),
  z.minLength(1, SupportMessages.messageRequired),
  z.maxLength(10_000, SupportMessages.messageRequired),
  z.refine((s) => !s.includes("\u0000"), SupportMessages.messageRequired),
);
const AttachmentIds = z.optional(
  z.array(Uuid).check(z.maxLength(ATTACHMENTS_PER_MESSAGE, SupportMessages.tooManyAttachments)),
);

export const NewTicketBody = z.object({
  subject: z.string().check(
    z.trim(),
    z.minLength(1, SupportMessages.subjectRequired),
    z.maxLength(200, SupportMessages.subjectRequired),
    // One line: the subject goes into mail subjects and page titles.
    z.refine(
      (s) => ![...s].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127),
      SupportMessages.subjectRequired,
    ),
  ),
  category: z.enum(SUPPORT_CATEGORIES, SupportMessages.categoryRequired),
  message: Body,
  service_id: z.optional(z.nullable(Uuid)),
  order_id: z.optional(z.nullable(Uuid)),
  attachment_ids: AttachmentIds,
});
export type NewTicketBody = z.input<typeof NewTicketBody>;

export const ReplyBody = z.object({ message: Body, attachment_ids: AttachmentIds });
export type ReplyBody = z.input<typeof ReplyBody>;
export const NoteBody = z.object({ message: Body });
export const AssignBody = z.object({ assignee_id: z.nullable(Uuid) });

export const Attachment = z.object({
  id: Uuid,
  file_name: z.string(),
  content_type: AttachmentType,
  size_bytes: z.number(),
});
export type Attachment = z.infer<typeof Attachment>;

export const TicketMessage = z.object({
  id: Uuid,
  author: z.enum(["customer", "staff", "system"]),
  /** Staff routes only: the author's username and whether the message is an internal note. */
  author_name: z.optional(z.nullable(z.string())),
  internal: z.optional(z.boolean()),
  body: z.string(),
  created_at: Timestamp,
  attachments: z.array(Attachment),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

export const TicketSummary = z.object({
  id: Uuid,
  subject: z.string(),
  category: SupportCategory,
  status: SupportStatus,
  created_at: Timestamp,
  last_activity_at: Timestamp,
  last_reply_at: Timestamp,
});
export type TicketSummary = z.infer<typeof TicketSummary>;

export const TicketList = z.object({ tickets: z.array(TicketSummary), next_cursor: NextCursor });
export type TicketList = z.infer<typeof TicketList>;

export const Ticket = z.object({
  ...TicketSummary.shape,
  service_id: z.nullable(Uuid),
  order_id: z.nullable(Uuid),
  closed_at: z.nullable(Timestamp),
  messages: z.array(TicketMessage),
});
export type Ticket = z.infer<typeof Ticket>;

export const TicketQuery = z.object({
  limit: AdminUserQuery.shape.limit,
  cursor: CursorParam,
});

export const AdminTicketQuery = z.object({
  limit: AdminUserQuery.shape.limit,
  cursor: AdminUserQuery.shape.cursor,
  q: SearchText.check(
    z.describe("Case-insensitive: part of the subject, or of the customer's email"),
  ),
  status: preprocess(emptyToUndefined, z.optional(SupportStatus)),
  category: preprocess(emptyToUndefined, z.optional(SupportCategory)),
  assignee: preprocess(emptyToUndefined, z.optional(z.union([Uuid, z.literal("none")]))).check(
    z.describe("A staff member's id, or `none` for unassigned tickets"),
  ),
});
export type AdminTicketQuery = z.output<typeof AdminTicketQuery>;

export const AdminTicketSummary = z.object({
  ...TicketSummary.shape,
  user_id: Uuid,
  email: z.string(),
  username: z.string(),
  assignee_id: z.nullable(Uuid),
  assignee_name: z.nullable(z.string()),
});
export type AdminTicketSummary = z.infer<typeof AdminTicketSummary>;
export const AdminTicketList = z.object({
  tickets: z.array(AdminTicketSummary),
  next_cursor: NextCursor,
});
export type AdminTicketList = z.infer<typeof AdminTicketList>;

export const AdminTicket = z.object({
  ...AdminTicketSummary.shape,
  service_id: z.nullable(Uuid),
  order_id: z.nullable(Uuid),
  closed_at: z.nullable(Timestamp),
  closed_by: z.nullable(z.enum(["customer", "staff", "auto"])),
  first_answered_at: z.nullable(Timestamp),
  /** Seconds from the ticket's creation to the first staff reply; null before it. */
  first_answer_seconds: z.nullable(z.number()),
  /** Seconds from the ticket's creation to its close; null while open. */
  close_seconds: z.nullable(z.number()),
  messages: z.array(TicketMessage),
  customer: z.object({
    credits: Money,
    services: z.array(z.object({ id: Uuid, service_type: z.string(), service_status: z.string() })),
    orders: z.array(
      z.object({ id: Uuid, product_name: z.string(), status: z.string(), expire_date: Timestamp }),
    ),
  }),
});
export type AdminTicket = z.infer<typeof AdminTicket>;

export const CannedAnswer = z.object({ id: Uuid, title: z.string(), body: z.string() });
export type CannedAnswer = z.infer<typeof CannedAnswer>;
export const CannedAnswerList = z.object({ answers: z.array(CannedAnswer) });
export const CannedAnswerBody = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, SupportMessages.titleRequired),
      z.maxLength(100, SupportMessages.titleRequired),
    ),
  body: Body,
});

export const AttachmentQuery = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, SupportMessages.attachmentName),
      z.maxLength(200, SupportMessages.attachmentName),
    ),
});
export const StaffMember = z.object({ id: Uuid, username: z.string() });
export const StaffList = z.object({ staff: z.array(StaffMember) });
