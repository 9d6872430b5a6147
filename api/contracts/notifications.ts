import "./csp.ts";
import { z } from "zod/mini";

export const NotificationMessages = {
  saved: "Email preferences saved",
  failedTitle: "Email preferences not saved",
  remindersInvalid: "reminders must be true or false",
  receiptsInvalid: "receipts must be true or false",
} as const;

/**
 * The customer's email choices. Security mails (password reset, email verification) and
 * the notices that services were suspended or reactivated always go.
 */
export const NotificationSettings = z.object({
  /** Reminders before an order expires (REMINDER_DAYS). */
  reminders: z.boolean({ message: NotificationMessages.remindersInvalid }),
  /** Receipts for top-ups, purchases and renewals. */
  receipts: z.boolean({ message: NotificationMessages.receiptsInvalid }),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
