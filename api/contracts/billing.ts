import { z } from "zod/mini";
import { Money, Timestamp, Uuid } from "./common.ts";
import { fillTemplate } from "./i18n/fill-template.ts";
import { TransactionDocument } from "./invoices.ts";
import { CursorParam, NextCursor, PAGE_DEFAULT } from "./list-page.ts";

/** SPEC §5, §8 and §9: top-up bounds and every payment message, shared by the page and the API. */
export const billingMessages = {
  invalidAmountTitle: "Invalid Amount",
  invalidAmount: "Amount must be between 5 and 300 EUR",
  orderCreationFailed: "PayPal order creation failed",
  initiateFailed: "Could not initiate PayPal payment.",
  captureFailed: "PayPal capture failed",
  notCompleted: "PayPal payment not completed",
  paymentErrorTitle: "Payment error",
  paymentError: "Could not complete payment.",
  balanceUpdateFailed: "Could not update balance.",
  success: "Payment successful",
  /** A capture PayPal holds as PENDING (eCheck, review): credited when it completes. */
  pendingTitle: "Payment pending",
  pending:
    "PayPal is still processing this payment. Your credits will be added as soon as it completes; please do not pay again.",
  /** A capture whose outcome is unknown is read back from PayPal by the API on its own. */
  captureRecovering:
    "If PayPal took the payment, your credits will be added automatically within a few minutes.",
  /** A PayPal order that expired before its capture (nothing was taken). */
  orderExpired:
    "This PayPal payment expired before it was completed. No money was taken; please start a new top-up.",
  cancelled: "Payment cancelled",
  cancelledDetail: "No money was taken.",
  noTransactions: "No transactions found. Make your first credit purchase to get started.",
  invalidOrderId: "Invalid order id",
  /** PayPal's webhook calls (PayPal reads these, but they are messages like any other). */
  invalidJson: "Invalid JSON body",
  webhookUnavailable: "Webhook verification unavailable",
  webhookSignature: "Webhook signature verification failed",
  /** Templates of the two messages below (i18n/message-template.ts): their ids translate them. */
  webhookHeader: "Missing or malformed {name} header",
  maxBalance: "The balance cannot exceed {max} EUR. Spend some credits or choose a smaller amount.",
} as const;

/** A PayPal webhook call without one of its signature headers. */
export const webhookHeaderMessage = (name: string) =>
  fillTemplate(billingMessages.webhookHeader, { name });

/** Top-ups and admin additions stop at the configured maximum balance (MAX_BALANCE_EUR). */
export const maxBalanceMessage = (max: string) => fillTemplate(billingMessages.maxBalance, { max });

export const TOPUP_MIN_CENTS = 500;
export const TOPUP_MAX_CENTS = 30000;
export const QUICK_AMOUNTS = ["10", "25", "50", "100"] as const;
export const CURRENCY = "EUR";
/** SPEC §9: the page reloads 1.5 s after a successful payment. */
export const RELOAD_AFTER_PAYMENT_MS = 1500;

/**
 * A top-up amount: a number from 5 to 300 with at most 2 decimals (step 0.01), as typed or as a
 * JSON number. Checked on its digits, never through float arithmetic; normalised to "25.00".
 */
export const TopUpAmount = z.pipe(
  z.unknown(),
  z.transform((v: unknown, ctx) => {
    const text = typeof v === "string" || typeof v === "number" ? String(v).trim() : "";
    const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
    const cents = m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : Number.NaN;
    if (!m || !(cents >= TOPUP_MIN_CENTS && cents <= TOPUP_MAX_CENTS)) {
      // zod/mini's transform context has no addIssue: the issue goes on the payload itself.
      ctx.issues.push({ code: "custom", message: billingMessages.invalidAmount, input: v });
      return z.NEVER;
    }
    return `${Number(m[1])}.${(m[2] ?? "").padEnd(2, "0")}`;
  }),
);

export const CreateOrderBody = z.object({
  amount: TopUpAmount,
  /** Chosen by the page once per checkout; a retried create with the same id returns the same order. */
  request_id: z.optional(Uuid),
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

export const CreateOrderResponse = z.object({
  id: z.string(),
  status: z.string(),
  amount: Money,
  currency: z.literal(CURRENCY),
  /** PayPal's approve link (the simulator's checkout page offline). */
  approve_url: z.nullable(z.string()),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const OrderIdParam = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, billingMessages.invalidOrderId)),
});

export const CaptureResponse = z.object({
  order_id: z.string(),
  /** COMPLETED: credited (HTTP 200). PENDING: PayPal holds the capture; credited when it completes (HTTP 202). */
  status: z.enum(["COMPLETED", "PENDING"]),
  amount: Money,
  /** The balance after this top-up (or after the earlier one, when this order was already credited). */
  credits: Money,
  capture_id: z.string(),
  transaction_id: z.nullable(Uuid),
});
export type CaptureResponse = z.infer<typeof CaptureResponse>;

export const BillingConfig = z.object({
  /** "paypal": load PayPal's buttons with client_id; "sandbox": the offline simulator checkout. */
  mode: z.enum(["paypal", "sandbox"]),
  client_id: z.nullable(z.string()),
  currency: z.literal(CURRENCY),
  min: Money,
  max: Money,
  /** The most a balance may hold (MAX_BALANCE_EUR). */
  max_balance: z.optional(Money),
});
export type BillingConfig = z.infer<typeof BillingConfig>;

export const TransactionStatus = z.enum(["paid", "refunded", "reversed"]);
export const TransactionKind = z.enum([
  "topup",
  "purchase",
  "renewal",
  "admin_adjustment",
  "refund",
  "reversal",
  /** Credits back for an order that could not be provisioned. */
  "order_refund",
  /** A plan change's prorated difference (paid, credited, or reversed). */
  "plan_change",
  /** A cancellation's unused days credited (or charged again when undone). */
  "cancellation_refund",
]);

export const Transaction = z.object({
  id: Uuid,
  amount: Money,
  status: TransactionStatus,
  kind: TransactionKind,
  paypal_transaction_id: z.nullable(z.string()),
  created_at: Timestamp,
  /** The invoice, receipt or credit note of this row (its PDF link), null when none. */
  document: z.optional(z.nullable(TransactionDocument)),
});
export type Transaction = z.infer<typeof Transaction>;

/** The most rows one page of transactions may hold (the limit accepted before pagination). */
export const TRANSACTIONS_PAGE_MAX = 500;

export const TransactionsQuery = z.object({
  limit: z
    ._default(
      z.coerce.number().check(z.int(), z.gte(1), z.lte(TRANSACTIONS_PAGE_MAX)),
      PAGE_DEFAULT,
    )
    .check(z.describe(`Rows per page, 1 to ${TRANSACTIONS_PAGE_MAX} (default ${PAGE_DEFAULT})`)),
  cursor: CursorParam,
});
export type TransactionsQuery = z.output<typeof TransactionsQuery>;

/**
 * One page, newest first. `next_cursor` came later: web apps built before it read the first page
 * as the whole history (zod drops the unknown key), as they did when `limit` cut it.
 */
export const TransactionsResponse = z.object({
  transactions: z.array(Transaction),
  next_cursor: NextCursor,
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/**
 * PayPal payments the transactions list cannot show: credits held while PayPal reviews a dispute
 * (in the balance, not spendable) and top-ups PayPal held as pending and then denied (never
 * credited, so never in the ledger). A list of its own, so that remotes built against the
 * transactions contract (whose status and kind are zod enums) keep working unchanged.
 */
export const PaymentNotices = z.object({
  /** Credits an open dispute holds: part of the balance, not spendable until PayPal decides. */
  held: Money,
  /** What purchases and renewals may spend: the balance less what is held. */
  available: Money,
  disputes: z.array(
    z.object({
      capture_id: z.string(),
      amount: Money,
      opened_at: Timestamp,
    }),
  ),
  not_credited: z.array(
    z.object({
      order_id: z.string(),
      amount: Money,
      capture_id: z.nullable(z.string()),
      denied_at: Timestamp,
    }),
  ),
});
export type PaymentNotices = z.infer<typeof PaymentNotices>;

/** What the customer reads about held credits and denied payments (pages and tests share it). */
export const paymentNoticeMessages = {
  heldTitle: "Credits on hold",
  held: (held: string, available: string) =>
    `${held} EUR of your balance is on hold while PayPal reviews a dispute about a payment. ` +
    `You can spend ${available} EUR until PayPal decides; if the decision is in your favour ` +
    "nothing changes, otherwise the held amount is taken back.",
  deniedTitle: "Payments not completed",
  denied: (amount: string) =>
    `PayPal held your payment of ${amount} EUR for review and then declined it. No credits were added and PayPal does not take the money.`,
} as const;

export const WebhookResponse = z.object({ status: z.enum(["processed", "duplicate", "ignored"]) });
