import type { AttentionItem, AttentionTrailEntry } from "@contracts/payments-attention.ts";
import { Badge, Button, formatDateTime, richText } from "@hosting-portal/shared-ui";
import { type ReactNode, useState } from "react";
import { useT } from "../../../i18n";
import * as admin from "../../../lib/admin.css";
import { formatAmount } from "../../../lib/format-amount";
import { useAdvice } from "./advice";
import { capturedAmount } from "./captured-amount";
import { ClosePaymentDialog } from "./close-payment-dialog";
import { CreditPaymentDialog } from "./credit-payment-dialog";
import * as styles from "./payments.css";
import { RefundPaymentDialog } from "./refund-payment-dialog";

type Translate = ReturnType<typeof useT>;

/** What the audit trail's actions mean, in staff words; another action shows as its code. */
const actions = {
  "billing.paypal.attention_opened": "payments.trail.opened",
  "billing.paypal.attention_closed": "payments.trail.closed",
  "billing.paypal.refund_attempt_failed": "payments.trail.refundFailed",
} as const;

const resolutions = {
  refunded_at_paypal: "payments.resolution.refunded_at_paypal",
  credited_by_hand: "payments.resolution.credited_by_hand",
  handled: "payments.resolution.handled",
} as const;

function resolutionText(resolution: string | null, t: Translate): string {
  if (!resolution) return t("payments.resolution.closed");
  // PayPal's decision on a dispute, in PayPal's own word for it.
  if (resolution.startsWith("paypal:"))
    return t("payments.resolution.paypal", { outcome: resolution.slice(7) });
  return Object.hasOwn(resolutions, resolution)
    ? t(resolutions[resolution as keyof typeof resolutions])
    : resolution;
}

/** One line of the trail: when, who, what, and the note, error or resolution it carries. */
function trailLine(entry: AttentionTrailEntry, t: Translate): string {
  const what = Object.hasOwn(actions, entry.action)
    ? t(actions[entry.action as keyof typeof actions])
    : entry.action;
  const after = entry.after ?? {};
  const extra =
    typeof after.note === "string"
      ? `: ${after.note}`
      : typeof after.error === "string"
        ? `: ${after.error}`
        : typeof after.resolution === "string"
          ? `: ${resolutionText(after.resolution, t)}`
          : "";
  return `${formatDateTime(entry.at)} · ${entry.actor} · ${what}${extra}`;
}

const mono = (children: ReactNode) => <span className={admin.mono}>{children}</span>;

/** One payment needing attention: what it is, what to do, the actions that close it, its trail. */
export function AttentionItemView({ item }: { item: AttentionItem }) {
  const t = useT();
  const [dialog, setDialog] = useState<"refund" | "credit" | "close" | null>(null);
  const advice = useAdvice(item.kind);
  const open = item.status === "open";
  const closable = open && item.kind !== "mismatch" && item.kind !== "dispute";
  const expected =
    typeof item.detail.expected_amount === "string"
      ? formatAmount(
          item.detail.expected_amount,
          typeof item.detail.expected_currency === "string" ? item.detail.expected_currency : null,
        )
      : null;
  return (
    <li
      className={styles.item}
      aria-label={t("payments.itemLabel", {
        title: advice.title,
        email: item.email ?? t("payments.unknownCustomer"),
      })}
    >
      <h3 className={styles.heading}>
        <span>{advice.title}</span>
        {open ? (
          <Badge tone="warning">{t("payments.open")}</Badge>
        ) : (
          <Badge tone="neutral">{resolutionText(item.resolution, t)}</Badge>
        )}
      </h3>
      <p className={styles.facts}>
        <span>{t("payments.customer", { email: item.email ?? "—" })}</span>
        <span>
          {t("payments.amount", { amount: capturedAmount(item, t("payments.amountUnknown")) })}
        </span>
        {expected && <span>{t("payments.topUp", { amount: expected })}</span>}
        {item.paypal_capture_id && (
          <span>{richText(t("payments.capture", { id: item.paypal_capture_id }), [mono])}</span>
        )}
        <span>{t("payments.since", { when: formatDateTime(item.created_at) })}</span>
      </p>
      {open && <p className={admin.note}>{advice.todo}</p>}
      {open && (item.kind === "mismatch" || closable) && (
        <div className={admin.actions}>
          {item.kind === "mismatch" && (
            <>
              <Button variant="danger" onPress={() => setDialog("refund")}>
                {t("payments.refund")}
              </Button>
              <Button variant="secondary" onPress={() => setDialog("credit")}>
                {t("payments.credit")}
              </Button>
            </>
          )}
          {closable && (
            <Button variant="secondary" onPress={() => setDialog("close")}>
              {t("payments.close")}
            </Button>
          )}
        </div>
      )}
      <details>
        <summary>{t("payments.trail", { count: item.trail.length })}</summary>
        <ol className={styles.trail}>
          {item.trail.map((entry) => (
            <li key={`${entry.at}-${entry.action}`}>{trailLine(entry, t)}</li>
          ))}
        </ol>
      </details>
      {dialog === "refund" && <RefundPaymentDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === "credit" && <CreditPaymentDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === "close" && <ClosePaymentDialog item={item} onClose={() => setDialog(null)} />}
    </li>
  );
}
