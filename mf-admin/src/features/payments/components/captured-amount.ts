import type { AttentionItem } from "@contracts/payments-attention.ts";
import { formatAmount } from "../../../lib/format-amount";

/** The capture's amount in its currency, or `unknown` when PayPal did not say. */
export const capturedAmount = (item: AttentionItem, unknown: string) =>
  item.amount === null ? unknown : formatAmount(item.amount, item.currency);
