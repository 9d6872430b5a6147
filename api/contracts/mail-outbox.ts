import { z } from "zod/mini";
import { preprocess, Timestamp, Uuid } from "./common.ts";
import { CursorParam, NextCursor } from "./list-page.ts";

/** The admin's view of the mail outbox (GET /api/admin/mail-outbox). */
export const MailState = z.enum(["queued", "sending", "sent", "failed"]);
export type MailState = z.infer<typeof MailState>;

export const MAIL_OUTBOX_PAGE_DEFAULT = 50;
export const MAIL_OUTBOX_PAGE_MAX = 200;

export const MailOutboxQuery = z.object({
  limit: z
    .optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAIL_OUTBOX_PAGE_MAX)))
    .check(
      z.describe(
        `Rows per page, 1 to ${MAIL_OUTBOX_PAGE_MAX} (default ${MAIL_OUTBOX_PAGE_DEFAULT})`,
      ),
    ),
  cursor: CursorParam,
  state: preprocess((v) => (v === "" ? undefined : v), z.optional(MailState)).check(
    z.describe("Only mails in this state"),
  ),
});
export type MailOutboxQuery = z.output<typeof MailOutboxQuery>;

export const MailOutboxEntry = z.object({
  id: Uuid,
  kind: z.string(),
  to_address: z.string(),
  user_id: z.nullable(Uuid),
  subject: z.string(),
  state: MailState,
  attempts: z.number().check(z.int()),
  next_attempt_at: Timestamp,
  last_error: z.nullable(z.string()),
  message_id: z.nullable(z.string()),
  created_at: Timestamp,
  sent_at: z.nullable(Timestamp),
});
export type MailOutboxEntry = z.infer<typeof MailOutboxEntry>;

export const MailOutboxList = z.object({
  mails: z.array(MailOutboxEntry),
  next_cursor: NextCursor,
});
export type MailOutboxList = z.infer<typeof MailOutboxList>;
