import { ErrorCode } from "../../contracts/errors.ts";
import type {
  AttentionItem,
  AttentionList,
  AttentionTrailEntry,
} from "../../contracts/payments-attention.ts";
import { attentionMessages as msg } from "../../contracts/payments-attention.ts";
import { recordAudit } from "../audit/audit.ts";
import { closeAttention } from "../billing/attention.service.ts";
import { isIndeterminate, PayPalError, PayPalUnreachable } from "../billing/paypal-client.ts";
import { assertBalanceRoom } from "../billing/top-up.service.ts";
import { issueDocument, sellerSettings } from "../invoices/issue.ts";
import type { Deps } from "../platform/context.ts";
import type { Db, Sql } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { log } from "../platform/log.ts";
import type { PayPalRefund } from "../platform/ports.ts";
import { iso } from "./admin-rows.ts";

// Payments needing attention (/api/admin/payments): the list and what staff can do from it.

type Row = Omit<AttentionItem, "created_at" | "resolved_at" | "trail"> & {
  created_at: Date;
  resolved_at: Date | null;
};

/** Open items (oldest first: they have waited longest), then those closed in the last 30 days. */
export async function listAttention(sql: Db): Promise<AttentionList> {
  const rows = await sql<Row[]>`
    select a.id, a.kind, a.status, p.email, a.user_id, a.order_id as paypal_order_id,
      a.capture_id as paypal_capture_id, a.amount::text, a.currency, a.detail, a.resolution,
      a.created_at, a.resolved_at
    from paypal_attention a left join profiles p on p.id = a.user_id
    where a.status = 'open' or a.resolved_at > now() - interval '30 days'
    order by a.status = 'open' desc, case when a.status = 'open' then a.created_at end,
      a.resolved_at desc
    limit 500`;
  const ids = rows.map((r) => r.id);
  const trail = ids.length
    ? await sql<
        {
          entity_id: string;
          action: string;
          actor: string;
          at: Date;
          after: Record<string, unknown> | null;
        }[]
      >`
        select entity_id, action, actor_label as actor, created_at as at, after from audit_log
        where entity = 'paypal_attention' and entity_id = any(${ids}::text[])
        order by id`
    : [];
  const byItem = new Map<string, AttentionTrailEntry[]>();
  for (const t of trail) {
    const list = byItem.get(t.entity_id) ?? [];
    list.push({ action: t.action, actor: t.actor, at: iso(t.at), after: t.after });
    byItem.set(t.entity_id, list);
  }
  return {
    items: rows.map((r) => ({
      ...r,
      created_at: iso(r.created_at),
      resolved_at: r.resolved_at ? iso(r.resolved_at) : null,
      trail: byItem.get(r.id) ?? [],
    })),
  };
}

async function openMismatch(
  db: Db,
  id: string,
): Promise<{
  order_id: string;
  capture_id: string;
  user_id: string;
  refund_request_id: string | null;
}> {
  const [item] = await db<
    [
      {
        kind: string;
        status: string;
        order_id: string | null;
        capture_id: string | null;
        user_id: string | null;
        refund_request_id: string | null;
      }?,
    ]
  >`
    select kind, status, order_id, capture_id, user_id, refund_request_id from paypal_attention
    where id = ${id} for update`;
  if (!item) throw notFound(msg.notFound);
  if (item.status !== "open") throw new HttpError(409, ErrorCode.conflict, msg.notOpen);
  if (item.kind !== "mismatch" || !item.order_id || !item.capture_id || !item.user_id) {
    throw new HttpError(409, ErrorCode.conflict, msg.wrongKind);
  }
  return { ...item, order_id: item.order_id, capture_id: item.capture_id, user_id: item.user_id };
}

/**
 * Refunds a mismatched capture at PayPal in full. The request id is chosen once per item and kept,
 * so a retry (a lost answer, a double click, another admin) replays PayPal's first refund instead
 * of sending a second. The order ends 'returned' and the item closed.
 */
export async function refundMismatch(
  deps: Deps,
  actorId: string,
  id: string,
): Promise<AttentionList> {
  const target = await deps.sql.begin(async (tx) => {
    const item = await openMismatch(tx, id);
    const [row] = await tx<[{ refund_request_id: string }?]>`
      update paypal_attention set refund_request_id = coalesce(refund_request_id, gen_random_uuid())
      where id = ${id} returning refund_request_id::text`;
    invariant(row, "the item locked above");
    return { ...item, refund_request_id: row.refund_request_id };
  });
  let refund: PayPalRefund | null = null;
  let lastError: unknown;
  for (let attempt = 0; attempt < 2 && !refund; attempt++) {
    try {
      refund = await deps.paypal.refundCapture(target.capture_id, target.refund_request_id);
    } catch (err) {
      lastError = err;
      if (!isIndeterminate(err)) break;
    }
  }
  if (!refund) {
    log("warn", "paypal refund of a mismatched capture failed", {
      paypal_capture_id: target.capture_id,
      error: String(lastError),
    });
    await recordAudit(deps.sql, {
      actorId,
      action: "billing.paypal.refund_attempt_failed",
      entity: "paypal_attention",
      entityId: id,
      after: {
        paypal_capture_id: target.capture_id,
        paypal_request_id: target.refund_request_id,
        error:
          lastError instanceof PayPalError
            ? `${lastError.status} ${lastError.issue ?? lastError.errorName}`
            : lastError instanceof PayPalUnreachable
              ? "PayPal unreachable"
              : String(lastError).slice(0, 200),
      },
    });
    throw new HttpError(502, ErrorCode.providerFailed, msg.refundFailed);
  }
  const done = refund;
  await deps.sql.begin(async (tx) => {
    await tx`
      insert into paypal_refunds (id, capture_id, kind, status, amount, currency, order_id, user_id)
      values (${done.id}, ${target.capture_id}, 'refund', ${done.status},
        ${done.amount?.value ?? "0.01"}, ${done.amount?.currency_code ?? ""}, ${target.order_id}, ${target.user_id})
      on conflict (id) do nothing`;
    await tx`
      update paypal_orders set status = 'returned', next_check_at = null
      where id = ${target.order_id} and status = 'mismatch'`;
    await closeAttention(tx, { id }, "refunded_at_paypal", actorId, {
      paypal_refund_id: done.id,
      refund_status: done.status,
      amount: done.amount?.value,
      currency: done.amount?.currency_code,
      paypal_request_id: target.refund_request_id,
    });
  });
  return await listAttention(deps.sql);
}

/**
 * Credits a mismatched capture by hand: the customer gets `amount` EUR as the top-up (one ledger
 * row, kind topup keyed by the capture id, so it can never be credited twice), with its receipt;
 * the order is a credited top-up from then on (refunds and disputes apply to it as to any other).
 */
export async function creditMismatch(
  sql: Sql,
  actorId: string,
  id: string,
  amount: string,
  /** MAX_BALANCE_EUR: a hand credit is money in like any top-up, refused past the limit (422). */
  maxBalance: string,
): Promise<AttentionList> {
  await sql.begin(async (tx) => {
    const item = await openMismatch(tx, id);
    // Under the profile row's lock, counting the customer's top-ups in flight.
    await assertBalanceRoom(tx, item.user_id, amount, maxBalance);
    const [profile] = await tx<[{ before: string; after: string }?]>`
      update profiles set credits = credits + ${amount}::numeric where id = ${item.user_id}
      returning (credits - ${amount}::numeric)::text as before, credits::text as after`;
    if (!profile) throw notFound(msg.customerGone);
    const [txn] = await tx<[{ id: string }?]>`
      insert into transactions (user_id, amount, status, kind, paypal_transaction_id, admin_id)
      values (${item.user_id}, ${amount}::numeric, 'paid', 'topup', ${item.capture_id}, ${actorId})
      returning id`;
    invariant(txn, "the hand credit's ledger row");
    await tx`
      update paypal_orders set status = 'completed', transaction_id = ${txn.id}, completed_at = now(),
        next_check_at = now() + interval '1 day'
      where id = ${item.order_id} and status = 'mismatch'`;
    await issueDocument(tx, sellerSettings(), {
      kind: "receipt",
      userId: item.user_id,
      transactionId: txn.id,
      description: `Credit top-up via PayPal (${item.capture_id}), credited by staff`,
      amount,
      actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: "credits.topup",
      entity: "profile",
      entityId: item.user_id,
      before: { credits: profile.before },
      after: {
        credits: profile.after,
        amount,
        paypal_order_id: item.order_id,
        paypal_capture_id: item.capture_id,
        transaction_id: txn.id,
        source: "staff",
      },
    });
    await closeAttention(tx, { id }, "credited_by_hand", actorId, {
      amount,
      transaction_id: txn.id,
    });
  });
  return await listAttention(sql);
}

/** Closes an item staff handled outside the portal (shortfall, failed or foreign refund). */
export async function closeHandled(
  sql: Sql,
  actorId: string,
  id: string,
  note: string,
): Promise<AttentionList> {
  await sql.begin(async (tx) => {
    const [item] = await tx<[{ kind: string; status: string }?]>`
      select kind, status from paypal_attention where id = ${id} for update`;
    if (!item) throw notFound(msg.notFound);
    if (item.status !== "open") throw new HttpError(409, ErrorCode.conflict, msg.notOpen);
    if (item.kind === "mismatch" || item.kind === "dispute") {
      throw new HttpError(409, ErrorCode.conflict, msg.closeOnlyHandled);
    }
    await closeAttention(tx, { id }, "handled", actorId, { note });
  });
  return await listAttention(sql);
}
