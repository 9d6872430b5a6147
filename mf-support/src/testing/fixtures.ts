import type { AdminTicket, Attachment, Ticket, TicketMessage } from "@contracts/support.ts";

/*
 * The tickets mf-support's tests render, built from one default each: a test names only what it
 * is about (a status, a body, the staff's fields), and a field added to the contract is added
 * here once.
 */

export const ticketId = "7d3f0a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6";

/** A customer's message without attachments, written an hour before the last activity. */
export const messageOf = (overrides: Partial<TicketMessage> = {}): TicketMessage => ({
  id: "00000000-0000-4000-8000-00000000000a",
  author: "customer",
  body: "It stopped.",
  created_at: "2026-11-26T10:00:00Z",
  attachments: [],
  ...overrides,
});

export const bootLog: Attachment = {
  id: "00000000-0000-4000-8000-0000000000f1",
  file_name: "boot.log",
  content_type: "text/plain",
  size_bytes: 2048,
};

/** An open technical ticket about no service or order, with one message from its customer. */
export const ticketOf = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: ticketId,
  subject: "Server down",
  category: "technical",
  status: "waiting_staff",
  created_at: "2026-11-26T10:00:00Z",
  last_activity_at: "2026-11-26T11:00:00Z",
  last_reply_at: "2026-11-26T11:00:00Z",
  service_id: null,
  order_id: null,
  closed_at: null,
  messages: [messageOf()],
  ...overrides,
});

/** `ticket` as the staff see it: its customer, unassigned and unanswered unless overridden. */
export const staffTicketOf = (
  ticket: Ticket,
  overrides: Partial<Omit<AdminTicket, keyof Ticket>> & Partial<Ticket> = {},
): AdminTicket => ({
  ...ticket,
  user_id: "00000000-0000-4000-8000-000000000001",
  email: "ann@example.com",
  username: "ann",
  assignee_id: null,
  assignee_name: null,
  closed_by: null,
  first_answered_at: null,
  first_answer_seconds: null,
  close_seconds: null,
  customer: { credits: "12.50", services: [], orders: [] },
  ...overrides,
});
