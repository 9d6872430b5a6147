import { z } from "zod";
import { Timestamp, Uuid } from "./common.ts";
import { CursorParam, NextCursor } from "./list-page.ts";

/** Issue 21: the admin's view of the mail outbox (GET /api/admin/mail-outbox). */
export const MailState = z.enum(["queued", "sending", "sent", "failed"]);
export type MailState = z.infer<typeof MailState>;

export const MAIL_OUTBOX_PAGE_DEFAULT = 50;
export const MAIL_OUTBOX_PAGE_MAX = 200;

export const MailOutboxQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAIL_OUTBOX_PAGE_MAX)
    .optional()
    .describe(`Rows per page, 1 to ${MAIL_OUTBOX_PAGE_MAX} (default ${MAIL_OUTBOX_PAGE_DEFAULT})`),
  cursor: CursorParam,
  state: z
    .preprocess((v) => (v === "" ? undefined : v), MailState.optional())
    .describe("Only mails in this state"),
});
export type MailOutboxQuery = z.output<typeof MailOutboxQuery>;

export const MailOutboxEntry = z.object({
  id: Uuid,
  kind: z.string(),
  to_address: z.string(),
  user_id: Uuid.nullable(),
  subject: z.string(),
  state: MailState,
  attempts: z.number().int(),
  next_attempt_at: Timestamp,
  last_error: z.string().nullable(),
  message_id: z.string().nullable(),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
});
export type MailOutboxEntry = z.infer<typeof MailOutboxEntry>;

export const MailOutboxList = z.object({
  mails: z.array(MailOutboxEntry),
  next_cursor: NextCursor,
});
export type MailOutboxList = z.infer<typeof MailOutboxList>;
