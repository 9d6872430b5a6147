import { z } from "zod/mini";
import { Money, Timestamp, Uuid } from "./common.ts";

/**
 * Payments needing attention (admin, /admin/payments): what the PayPal money paths could not
 * settle on their own. `kind` is a plain string so that a kind added later shows (with its
 * generic advice) on a page built before it.
 */
export const AttentionTrailEntry = z.object({
  action: z.string(),
  actor: z.string(),
  at: Timestamp,
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type AttentionTrailEntry = z.infer<typeof AttentionTrailEntry>;

export const AttentionItem = z.object({
  id: Uuid,
  kind: z.string(),
  status: z.enum(["open", "closed"]),
  email: z.nullable(z.string()),
  user_id: z.nullable(Uuid),
  paypal_order_id: z.nullable(z.string()),
  paypal_capture_id: z.nullable(z.string()),
  amount: z.nullable(Money),
  currency: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
  resolution: z.nullable(z.string()),
  created_at: Timestamp,
  resolved_at: z.nullable(Timestamp),
  trail: z.array(AttentionTrailEntry),
});
export type AttentionItem = z.infer<typeof AttentionItem>;

export const AttentionList = z.object({
  /** Open items first (oldest first), then those closed in the last 30 days. */
  items: z.array(AttentionItem),
});
export type AttentionList = z.infer<typeof AttentionList>;

export const attentionMessages = {
  refundFailed:
    "PayPal did not refund the capture. Try again later or refund it in PayPal's dashboard.",
  notOpen: "This item is closed already.",
  wrongKind: "This action is only for a capture that does not match its top-up.",
  closeOnlyHandled:
    "Mismatched captures are closed by refunding or crediting them, disputes by PayPal's decision.",
  amountInvalid: "Enter a positive amount like 25.00",
  noteRequired: "Say what was done",
  notFound: "Payment not found",
  customerGone: "The customer no longer exists",
} as const;

/** Credit a mismatched capture by hand: the amount in EUR the customer gets. */
export const AttentionCreditBody = z.object({
  amount: Money.check(z.regex(/^\d+\.\d{2}$/, attentionMessages.amountInvalid)),
});
export type AttentionCreditBody = z.infer<typeof AttentionCreditBody>;

/** Close an item staff handled outside the portal, with what was done. */
export const AttentionCloseBody = z.object({
  note: z
    .string()
    .check(z.trim(), z.minLength(3, attentionMessages.noteRequired), z.maxLength(500)),
});
export type AttentionCloseBody = z.infer<typeof AttentionCloseBody>;

/** What each kind is and what staff do about it; the page and the README say the same. */
export const attentionAdvice: Record<string, { title: string; todo: string }> = {
  mismatch: {
    title: "Capture does not match its top-up",
    todo: "PayPal took an amount or currency other than the order's, so nothing was credited. Refund it at PayPal (the buyer gets the money back), or credit the customer by hand.",
  },
  dispute: {
    title: "Open dispute",
    todo: "The buyer disputes this payment; the amount is on hold in the customer's balance. Answer the case in PayPal's Resolution Center; the portal applies PayPal's decision by itself.",
  },
  shortfall: {
    title: "Refund larger than the balance",
    todo: "PayPal paid back more than was left in the balance (the credits were spent). Collect the difference from the customer or write it off, then close the item with what was done.",
  },
  refund_failed: {
    title: "Refund failed at PayPal",
    todo: "PayPal could not pay this refund to the buyer; the money is still with us. Check the transaction at PayPal, refund again or contact the buyer, then close the item.",
  },
  refund_currency: {
    title: "Refund in another currency",
    todo: "PayPal refunded in a currency other than the top-up's, so nothing was taken from the balance. Work out the amount in EUR, adjust the customer's credits under Users if needed, then close the item.",
  },
};
export const attentionFallback = {
  title: "Payment to check",
  todo: "Check the payment at PayPal, then close the item with what was done.",
};
