import { z } from "zod/mini";
import { Money, Timestamp, Uuid } from "./common.ts";
import { ORDER_PERIOD_DAYS, Product } from "./shop.ts";

/** Texts of plan changes and cancellations, shared by the API errors and the service page. */
export const PlanChangeMessages = {
  notVps: "Plan changes are only available for VPS services",
  notActive: "Only an active service can change its plan or be cancelled",
  notAllowed: "This service cannot change to that product",
  smallerDisk: "A server's disk cannot shrink: choose a product with at least the same disk",
  pending: "A plan change of this service is still being carried out",
  reinstalling: "Wait until the reinstall of this server has finished",
  cancelScheduled:
    "This service is cancelled at the end of its period: undo the cancellation first",
  alreadyCancelled: "This service is already cancelled",
  nothingToUndo: "There is no cancellation to undo",
  undoTooLate: "The server was already deleted: the cancellation cannot be undone",
  insufficientCreditsChange: "You don't have enough credits for this plan change.",
  insufficientCreditsUndo: "You don't have enough credits to undo this cancellation.",
  changeStarted: (name: string) => `Your server is being changed to ${name}.`,
  changeFailed:
    "The change could not be made at our provider: the money went back to your balance.",
} as const;

/** Why a customer cancels; staff see the choice. */
export const CANCEL_REASONS = [
  "Too expensive",
  "Need a different plan",
  "Moving to another provider",
  "No longer needed",
  "Technical problems",
  "Other",
] as const;
export const CancelReason = z.enum(CANCEL_REASONS);

/**
 * The proration rule, shared by the API (which charges it) and the service page (which shows it):
 *
 * - a period is always ORDER_PERIOD_DAYS days (30), whatever the months it spans, so a product's
 *   daily price is its price / 30 and a period starting in a 31-day month has no 31st day to pay;
 * - days left = the whole days until the expiry, the day under way counted as left (a change on
 *   the period's first instant: 30; on its last day: 1), never more than 30;
 * - amount = (new price − old price) × days left / 30, in cents, rounded half away from zero (so an
 *   upgrade and the downgrade back over the same days move the same amount).
 *
 * Integer cents throughout: no floating point touches money.
 */
export function prorate(p: { oldPrice: string; newPrice: string; expireDate: Date; now: Date }): {
  daysLeft: number;
  amount: string;
} {
  const msLeft = p.expireDate.getTime() - p.now.getTime();
  const daysLeft = Math.max(0, Math.min(ORDER_PERIOD_DAYS, Math.ceil(msLeft / 86_400_000)));
  const diff = cents(p.newPrice) - cents(p.oldPrice);
  const numerator = Math.abs(diff) * daysLeft;
  // Half away from zero: add half the divisor before the integer division.
  const rounded = Math.floor((numerator * 2 + ORDER_PERIOD_DAYS) / (2 * ORDER_PERIOD_DAYS));
  return { daysLeft, amount: fromCents(diff < 0 ? -rounded : rounded) };
}

/** "12.34" or "-0.05" to 1234 or -5, exactly. */
export function cents(money: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(money);
  if (!m) throw new TypeError(`not an amount of money: ${money}`);
  const value = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -value : value;
}

export function fromCents(value: number): string {
  const abs = Math.abs(value);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return value < 0 ? `-${text}` : text;
}

/** A product as the Plan panel shows it: the shop's fields without uplink, DDoS and type. */
export const PlanProduct = z.pick(Product, {
  id: true,
  name: true,
  price: true,
  cpu: true,
  ram: true,
  storage: true,
});
export type PlanProduct = z.infer<typeof PlanProduct>;

export const PlanOption = z.object({
  product: PlanProduct,
  direction: z.enum(["upgrade", "downgrade"]),
  /** Signed: positive is paid now, negative credited (see prorate()). */
  amount: Money,
});
export type PlanOption = z.infer<typeof PlanOption>;

export const PlanChange = z.object({
  id: Uuid,
  from_product: z.string(),
  to_product: z.string(),
  days_left: z.number(),
  amount: Money,
  state: z.enum(["pending", "done", "reversed"]),
  reason: z.nullable(z.string()),
  created_at: Timestamp,
});
export type PlanChange = z.infer<typeof PlanChange>;

export const Cancellation = z.object({
  id: Uuid,
  mode: z.enum(["period_end", "now"]),
  reason: z.string(),
  state: z.enum(["scheduled", "undone", "done"]),
  refunded: Money,
  /** period_end: the expiry; now: when the server is deleted (undo until then). */
  effective_at: Timestamp,
  created_at: Timestamp,
});
export type Cancellation = z.infer<typeof Cancellation>;

/** What the service page offers: the current product, the period, the options with their quotes. */
export const PlanOptions = z.object({
  product: PlanProduct,
  order_id: Uuid,
  expire_date: Timestamp,
  days_left: z.number(),
  options: z.array(PlanOption),
  /** The latest plan change (pending, done or reversed), null when none. */
  latest_change: z.nullable(PlanChange),
  /** The open cancellation, or the one that ended the service; null when none. */
  cancellation: z.nullable(Cancellation),
});
export type PlanOptions = z.infer<typeof PlanOptions>;

export const PlanChangeBody = z.object({
  product_id: z.uuid({ message: PlanChangeMessages.notAllowed }),
});

export const PlanChangeResult = z.object({ change: PlanChange, credits: Money });
export type PlanChangeResult = z.infer<typeof PlanChangeResult>;

export const CancelBody = z.object({
  mode: z.enum(["period_end", "now"]),
  reason: CancelReason,
  comment: z.optional(z.string().check(z.maxLength(500))),
});
export type CancelBody = z.infer<typeof CancelBody>;

export const CancellationResult = z.object({ cancellation: Cancellation, credits: Money });
export type CancellationResult = z.infer<typeof CancellationResult>;

/** Staff: the products a product can change to. */
export const UpgradePaths = z.object({ target_ids: z.array(Uuid) });
export type UpgradePaths = z.infer<typeof UpgradePaths>;

export const AdminCancellation = z.object({
  id: Uuid,
  user_email: z.string(),
  order_id: Uuid,
  service_id: z.nullable(Uuid),
  product_name: z.string(),
  mode: z.enum(["period_end", "now"]),
  reason: z.string(),
  comment: z.nullable(z.string()),
  state: z.enum(["scheduled", "undone", "done"]),
  refunded: Money,
  created_at: Timestamp,
});
export const AdminCancellationList = z.object({ cancellations: z.array(AdminCancellation) });
export type AdminCancellationList = z.infer<typeof AdminCancellationList>;
