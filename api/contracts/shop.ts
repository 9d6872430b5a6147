import { z } from "zod/mini";
import { Money, OrderStatus, ProductType, Timestamp, Uuid } from "./common.ts";
import { CursorParam, NextCursor, PAGE_DEFAULT } from "./list-page.ts";

/** SPEC §9: one order or renewal buys this many days. */
export const ORDER_PERIOD_DAYS = 30;

/** SPEC §8 texts of the shop, shared by the API errors and the remote's toasts. */
export const ShopMessages = {
  insufficientCreditsTitle: "Insufficient Credits",
  insufficientCreditsOrder: "You don't have enough credits for this order.",
  insufficientCreditsRenewal: "You don't have enough credits to renew this order.",
  orderSuccessTitle: "Order Successful",
  orderSuccess: (productName: string) =>
    `Your ${productName} is now active for ${ORDER_PERIOD_DAYS} days!`,
  orderFailedTitle: "Order Failed",
  renewalSuccessTitle: "Renewal Successful",
  renewalFailedTitle: "Renewal Failed",
  productNotFound: "Product not found",
  orderCancelled: "This order was cancelled and cannot be renewed",
  serverDeleted: "This order's server was deleted after its suspension. Please order a new one.",
  orderNotFound: "Order not found",
  orderSuspended: "Suspended orders cannot be renewed",
  keyRequired: "Idempotency-Key header is required",
  keyInvalid: "Idempotency-Key must be 8 to 100 letters, digits, '-', '_' or ':'",
  keyReused: "This Idempotency-Key was already used for a different request",
  emptyVps: "No VPS products available yet",
  emptyDedicated: "No dedicated server products available yet",
} as const;

export const Product = z.object({
  id: Uuid,
  name: z.string(),
  price: Money,
  cpu: z.string(),
  ram: z.string(),
  storage: z.string(),
  uplink: z.string(),
  ddos_protection: z.string(),
  product_type: ProductType,
});
export type Product = z.infer<typeof Product>;

export const ProductList = z.object({ products: z.array(Product) });
export type ProductList = z.infer<typeof ProductList>;

export const ProductQuery = z.object({ type: z.optional(ProductType) });
export type ProductQuery = z.infer<typeof ProductQuery>;

/**
 * Purchases and renewals carry this header; the same key from the same user is performed once
 * (a double click or a retried request answers with the first result).
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IdempotencyKey = z
  .string({ message: ShopMessages.keyRequired })
  .check(z.regex(/^[A-Za-z0-9_:-]{8,100}$/, ShopMessages.keyInvalid));
/** The request headers of purchase and renewal (header names arrive lower-cased). */
export const IdempotencyHeaders = z.object({ "idempotency-key": IdempotencyKey });

export const PurchaseRequest = z.object({
  product_id: z.uuid({ message: ShopMessages.productNotFound }),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

export const OrderParams = z.object({ id: z.uuid({ message: ShopMessages.orderNotFound }) });

export const Order = z.object({
  id: Uuid,
  product_id: Uuid,
  product_name: z.string(),
  product_type: ProductType,
  price: Money,
  expire_date: Timestamp,
  status: OrderStatus,
  created_at: Timestamp,
});
export type Order = z.infer<typeof Order>;

/** The most orders one page may hold. */
export const ORDERS_PAGE_MAX = 200;

export const OrderListQuery = z.object({
  limit: z
    ._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ORDERS_PAGE_MAX)), PAGE_DEFAULT)
    .check(z.describe(`Orders per page, 1 to ${ORDERS_PAGE_MAX} (default ${PAGE_DEFAULT})`)),
  cursor: CursorParam,
});
export type OrderListQuery = z.output<typeof OrderListQuery>;

/**
 * One page of the caller's orders, newest first. `next_cursor` came later: a web app built before
 * it reads the first page (the newest orders) as the whole list.
 */
export const OrderList = z.object({ orders: z.array(Order), next_cursor: NextCursor });
export type OrderList = z.infer<typeof OrderList>;

/** Answer of a purchase or renewal: the order as it now is and the caller's new balance. */
export const OrderResult = z.object({ order: Order, credits: Money });
export type OrderResult = z.infer<typeof OrderResult>;

/**
 * The renewal rule (SPEC §4 says only "old expiry + 30 days"): a running order is extended from
 * its old expiry; a lapsed one gets its paid days counted from the renewal, never days that
 * already went by.
 * The server applies it; the remote uses this to preview the date in the confirmation dialog.
 */
export function renewedExpiry(expireDate: string, now: Date = new Date()): Date {
  const from = Math.max(new Date(expireDate).getTime(), now.getTime());
  return new Date(from + ORDER_PERIOD_DAYS * 24 * 60 * 60 * 1000);
}
