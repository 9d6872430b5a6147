import {
  type AttentionItem,
  type AttentionTrailEntry,
  attentionAdvice,
  attentionFallback,
} from "@contracts/payments-attention.ts";
import { Badge, Button, formatDateTime } from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as admin from "../../../lib/admin.css";
import { ClosePaymentDialog } from "./close-payment-dialog";
import { CreditPaymentDialog } from "./credit-payment-dialog";
import * as styles from "./payments.css";
import { RefundPaymentDialog } from "./refund-payment-dialog";

/** What the audit trail's actions mean, in staff words. */
const actions: Record<string, string> = {
  "billing.paypal.attention_opened": "Found",
  "billing.paypal.attention_closed": "Closed",
  "billing.paypal.refund_attempt_failed": "Refund at PayPal failed",
};

const resolutions: Record<string, string> = {
  refunded_at_paypal: "Refunded at PayPal",
  credited_by_hand: "Credited by hand",
  handled: "Handled by staff",
};

function resolutionText(resolution: string | null): string {
  if (!resolution) return "Closed";
  if (resolution.startsWith("paypal:")) return `Decided by PayPal (${resolution.slice(7)})`;
  return resolutions[resolution] ?? resolution;
}

function trailLine(t: AttentionTrailEntry): string {
  const what = actions[t.action] ?? t.action;
  const after = t.after ?? {};
  const extra =
    typeof after.note === "string"
      ? `: ${after.note}`
      : typeof after.error === "string"
        ? `: ${after.error}`
        : typeof after.resolution === "string"
          ? `: ${resolutionText(after.resolution)}`
          : "";
  return `${formatDateTime(t.at)} · ${t.actor} · ${what}${extra}`;
}

const money = (item: AttentionItem) =>
  item.amount === null ? "amount unknown" : `${item.amount} ${item.currency ?? ""}`.trim();

/** One payment needing attention: what it is, what to do, the actions that close it, its trail. */
export function AttentionItemView({ item }: { item: AttentionItem }) {
  const [dialog, setDialog] = useState<"refund" | "credit" | "close" | null>(null);
  const advice = attentionAdvice[item.kind] ?? attentionFallback;
  const open = item.status === "open";
  const closable = open && item.kind !== "mismatch" && item.kind !== "dispute";
  const expected =
    typeof item.detail.expected_amount === "string"
      ? `${item.detail.expected_amount} ${String(item.detail.expected_currency ?? "")}`
      : null;
  return (
    <li className={styles.item} aria-label={`${advice.title}: ${item.email ?? "unknown customer"}`}>
      <h3 className={styles.heading}>
        <span>{advice.title}</span>
        {open ? (
          <Badge tone="warning">Open</Badge>
        ) : (
          <Badge tone="neutral">{resolutionText(item.resolution)}</Badge>
        )}
      </h3>
      <p className={styles.facts}>
        <span>Customer: {item.email ?? "—"}</span>
        <span>Amount: {money(item)}</span>
        {expected && <span>Top-up: {expected}</span>}
        {item.paypal_capture_id && (
          <span>
            PayPal capture: <span className={admin.mono}>{item.paypal_capture_id}</span>
          </span>
        )}
        <span>Since {formatDateTime(item.created_at)}</span>
      </p>
      {open && <p className={admin.note}>{advice.todo}</p>}
      {open && (item.kind === "mismatch" || closable) && (
        <div className={admin.actions}>
          {item.kind === "mismatch" && (
            <>
              <Button variant="danger" onPress={() => setDialog("refund")}>
                Refund at PayPal
              </Button>
              <Button variant="secondary" onPress={() => setDialog("credit")}>
                Credit by hand
              </Button>
            </>
          )}
          {closable && (
            <Button variant="secondary" onPress={() => setDialog("close")}>
              Close as handled
            </Button>
          )}
        </div>
      )}
      <details>
        <summary>Audit trail ({item.trail.length})</summary>
        <ol className={styles.trail}>
          {item.trail.map((t) => (
            <li key={`${t.at}-${t.action}`}>{trailLine(t)}</li>
          ))}
        </ol>
      </details>
      {dialog === "refund" && <RefundPaymentDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === "credit" && <CreditPaymentDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === "close" && <ClosePaymentDialog item={item} onClose={() => setDialog(null)} />}
    </li>
  );
}
