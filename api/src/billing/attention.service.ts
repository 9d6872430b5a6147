import { recordAudit } from "../audit/audit.ts";
import type { Db } from "../platform/db.ts";

// Payments needing attention: what the money paths cannot settle on their own, for staff.

export type AttentionKind =
  | "mismatch"
  | "dispute"
  | "shortfall"
  | "refund_failed"
  | "refund_currency";

export interface AttentionFacts {
  kind: AttentionKind;
  /** What it is about, unique per kind: an order, a dispute and capture, a refund. */
  ref: string;
  userId: string | null;
  orderId: string | null;
  captureId: string | null;
  amount: string | null;
  currency: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Opens an item once: the same finding again (a repeated webhook, the next read-back) adds
 * nothing. Its opening is the first entry of its audit trail. True when it was opened now.
 */
export async function openAttention(db: Db, a: AttentionFacts): Promise<boolean> {
  const [row] = await db<[{ id: string }?]>`
    insert into paypal_attention (kind, ref, user_id, order_id, capture_id, amount, currency, detail)
    values (${a.kind}, ${a.ref}, ${a.userId}, ${a.orderId}, ${a.captureId}, ${a.amount},
      ${a.currency}, ${db.json((a.detail ?? {}) as never)})
    on conflict (kind, ref) do nothing
    returning id`;
  if (!row) return false;
  await recordAudit(db, {
    actorId: null,
    action: "billing.paypal.attention_opened",
    entity: "paypal_attention",
    entityId: row.id,
    after: {
      kind: a.kind,
      ref: a.ref,
      user_id: a.userId,
      paypal_order_id: a.orderId,
      paypal_capture_id: a.captureId,
      amount: a.amount,
      currency: a.currency,
      ...a.detail,
    },
  });
  return true;
}

/** Closes an open item once (PayPal settled it, or staff did); false when it was not open. */
export async function closeAttention(
  db: Db,
  where: { kind: AttentionKind; ref: string } | { id: string },
  resolution: string,
  actorId: string | null,
  after: Record<string, unknown> = {},
): Promise<boolean> {
  const [row] = await db<[{ id: string }?]>`
    update paypal_attention set status = 'closed', resolution = ${resolution},
      resolved_by = ${actorId}, resolved_at = now()
    where status = 'open' and ${
      "id" in where ? db`id = ${where.id}` : db`kind = ${where.kind} and ref = ${where.ref}`
    }
    returning id`;
  if (!row) return false;
  await recordAudit(db, {
    actorId,
    action: "billing.paypal.attention_closed",
    entity: "paypal_attention",
    entityId: row.id,
    after: { resolution, ...after },
  });
  return true;
}
