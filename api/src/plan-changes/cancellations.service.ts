import { ErrorCode } from "../../contracts/errors.ts";
import {
  type AdminCancellationList,
  type CancelBody,
  type CancellationResult,
  PlanChangeMessages,
  prorate,
} from "../../contracts/plan-changes.ts";
import { recordAudit } from "../audit/audit.ts";
import { enqueueAccountMail } from "../mail/outbox.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { credit, debit } from "../shop/money.ts";
import { claimKey } from "../shop/shop.service.ts";
import { cancellationConfirmed } from "./mails.ts";
import {
  cancellationSelect,
  checkServiceId,
  currentOf,
  toCancellation,
} from "./plan-changes.service.ts";

/**
 * Cancellations. "At the end of the period": auto-renew off, no reminders (sendReminders skips the
 * order), the server deleted at the expiry (runCancellations, on the lifecycle tick); undo until
 * the expiry. "Now": the order cancelled, the unused days credited (ledger row and credit note, by
 * the proration rule of plan changes), the server deleted at the provider by a `delete` job once
 * CANCEL_UNDO_MINUTES have passed (it runs until then, so the service page still opens and offers
 * the undo); undo until that job starts, which takes the credited amount back (ledger row and
 * invoice).
 */
export const CANCEL_UNDO_MINUTES = 15;

export type CancelOutcome = CancellationResult & { replayed: boolean };

async function credits(tx: Tx, userId: string): Promise<string> {
  const [profile] = await tx<
    [{ credits: string }?]
  >`select credits from profiles where id = ${userId}`;
  invariant(profile, "the caller's profile");
  return profile.credits;
}

async function readCancellation(tx: Tx, where: ReturnType<Tx>) {
  const [row] = await tx`${cancellationSelect(tx)} where ${where}`;
  invariant(row, "the cancellation read back");
  return toCancellation(row as never);
}

export async function cancelService(
  sql: Sql,
  userId: string,
  serviceId: string,
  body: CancelBody,
  key: string,
): Promise<CancelOutcome> {
  checkServiceId(serviceId);
  return await sql.begin(async (tx) => {
    const claim = await claimKey(tx, userId, key, `cancel:${body.mode}`, serviceId);
    if (claim.replay) {
      return {
        cancellation: await readCancellation(
          tx,
          tx`c.user_id = ${userId} and c.idempotency_key = ${key}`,
        ),
        credits: await credits(tx, userId),
        replayed: true,
      };
    }
    const current = await currentOf(tx, userId, serviceId, true);
    if (current.service_type !== "vps") {
      throw new HttpError(403, ErrorCode.serviceNotControllable, PlanChangeMessages.notVps);
    }
    if (current.cancel_scheduled || current.order_status === "cancelled") {
      throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.alreadyCancelled);
    }
    if (current.service_status !== "active" || current.order_status !== "active") {
      throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.notActive);
    }
    if (current.pending_change) {
      throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.pending);
    }
    let refunded = "0.00";
    let transactionId: string | null = null;
    let deleteAfter: Date | null = null;
    if (body.mode === "now") {
      // The unused days by the proration rule: the price's share of the days left.
      refunded = prorate({
        oldPrice: "0.00",
        newPrice: current.price,
        expireDate: current.expire_date,
        now: current.now,
      }).amount;
      deleteAfter = new Date(current.now.getTime() + CANCEL_UNDO_MINUTES * 60_000);
      // The server keeps running through the undo window, so the service page (which opens
      // only a live service) still offers the undo; the delete job removes it afterwards.
      await tx`update orders set status = 'cancelled', auto_renew = false where id = ${current.order_id}`;
      await tx`
        insert into provider_jobs (kind, service_id, vm_id, run_after)
        values ('delete', ${serviceId}, ${current.reseller_id}, ${deleteAfter})
        on conflict (vm_id) where kind = 'delete' and state = 'pending'
        do update set run_after = excluded.run_after`;
      if (refunded !== "0.00") {
        const [invoice] = await tx<[{ id: string; number: string }?]>`
          select id, number from invoices where order_id = ${current.order_id} and kind = 'invoice'
          order by issued_at desc limit 1`;
        const back = await credit(tx, userId, {
          amount: refunded,
          kind: "cancellation_refund",
          reference: `CANCEL-${current.order_id.slice(0, 8)}`,
          description: `${current.product_name} cancelled: unused days credited${
            invoice ? ` (corrects ${invoice.number})` : ""
          }`,
          orderId: current.order_id,
          refersTo: invoice?.id ?? null,
          actorId: userId,
        });
        transactionId = back.transactionId;
      }
    } else {
      await tx`update orders set auto_renew = false where id = ${current.order_id}`;
    }
    const [row] = await tx<[{ id: string }?]>`
      insert into cancellations (user_id, order_id, service_id, mode, reason, comment,
        auto_renew_before, refunded, transaction_id, delete_after, idempotency_key)
      values (${userId}, ${current.order_id}, ${serviceId}, ${body.mode}, ${body.reason},
        ${body.comment?.trim() || null}, ${current.auto_renew}, ${refunded}, ${transactionId},
        ${deleteAfter}, ${key})
      returning id`;
    invariant(row, "the cancellation written");
    await tx`update idempotency_keys set order_id = ${current.order_id} where user_id = ${userId} and key = ${key}`;
    await recordAudit(tx, {
      actorId: userId,
      action: "order.cancellation",
      entity: "order",
      entityId: current.order_id,
      before: { status: current.order_status, auto_renew: current.auto_renew },
      after: { mode: body.mode, reason: body.reason, refunded, delete_after: deleteAfter },
    });
    await enqueueAccountMail(tx, {
      kind: "cancellation",
      accountId: userId,
      dedupeKey: `cancellation:${row.id}`,
      ...cancellationConfirmed({
        product: current.product_name,
        serviceId,
        mode: body.mode,
        effectiveAt: deleteAfter ?? current.expire_date,
        refunded,
      }),
    });
    return {
      cancellation: await readCancellation(tx, tx`c.id = ${row.id}`),
      credits: await credits(tx, userId),
      replayed: false,
    };
  });
}

/**
 * Undoes the open cancellation of the caller's service: until the expiry (at the end of the
 * period), or until the delete job starts (now: the credited days are taken back; without enough
 * credits, 402 and nothing changes). Undoing twice answers 409.
 */
export async function undoCancellation(
  sql: Sql,
  userId: string,
  serviceId: string,
): Promise<CancellationResult> {
  return await sql.begin(async (tx) => {
    const current = await currentOf(tx, userId, serviceId, true);
    const [open] = await tx<
      [
        {
          id: string;
          mode: "period_end" | "now";
          auto_renew_before: boolean;
          refunded: string;
          delete_after: Date | null;
        }?,
      ]
    >`
      select id, mode, auto_renew_before, refunded::text as refunded, delete_after
      from cancellations where order_id = ${current.order_id} and state = 'scheduled'
      for update`;
    if (!open) throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.nothingToUndo);
    if (open.mode === "period_end") {
      if (current.order_status !== "active" || current.expire_date <= current.now) {
        throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.undoTooLate);
      }
      await tx`update orders set auto_renew = ${open.auto_renew_before} where id = ${current.order_id}`;
    } else {
      // The delete job's row, locked: a runner cannot claim it meanwhile (SKIP LOCKED), and one
      // that holds it already may be deleting the server.
      const [job] = await tx<[{ id: string; started: boolean }?]>`
        select id, (lease_until is not null and lease_until > now()) as started from provider_jobs
        where kind = 'delete' and service_id = ${serviceId} and state = 'pending'
        for update`;
      if (!job || job.started) {
        throw new HttpError(409, ErrorCode.conflict, PlanChangeMessages.undoTooLate);
      }
      if (open.refunded !== "0.00") {
        const taken = await debit(tx, userId, {
          amount: open.refunded,
          kind: "cancellation_refund",
          reference: `CANCEL-${current.order_id.slice(0, 8)}`,
          description: `${current.product_name}: cancellation undone, unused days charged again`,
          orderId: current.order_id,
          periodTo: current.expire_date,
          actorId: userId,
        });
        if (!taken) {
          throw new HttpError(
            402,
            ErrorCode.insufficientCredits,
            PlanChangeMessages.insufficientCreditsUndo,
          );
        }
      }
      await tx`update provider_jobs set state = 'done', finished_at = now(), updated_at = now(),
        last_error = 'cancellation undone' where id = ${job.id}`;
      // Back as it was; a period that ran out meanwhile expires on the next tick as usual.
      await tx`update orders set status = 'active', auto_renew = ${open.auto_renew_before}
        where id = ${current.order_id}`;
    }
    await tx`update cancellations set state = 'undone', undone_at = now() where id = ${open.id}`;
    await recordAudit(tx, {
      actorId: userId,
      action: "order.cancellation_undone",
      entity: "order",
      entityId: current.order_id,
      after: { mode: open.mode, charged_again: open.mode === "now" ? open.refunded : "0.00" },
    });
    return {
      cancellation: await readCancellation(tx, tx`c.id = ${open.id}`),
      credits: await credits(tx, userId),
    };
  });
}

/**
 * On the lifecycle tick, before expiry: orders cancelled at the end of their period that reached
 * it are cancelled, their server stopped and its deletion queued. Rows another runner holds are
 * skipped, so several instances handle each order once.
 */
export async function runCancellations(sql: Sql): Promise<number> {
  return await sql.begin(async (tx) => {
    const due = await tx<{ id: string; order_id: string; service_id: string | null }[]>`
      select c.id, c.order_id, c.service_id from cancellations c join orders o on o.id = c.order_id
      where c.state = 'scheduled' and c.mode = 'period_end' and o.expire_date <= now()
        and o.status in ('active', 'expired')
      order by o.expire_date
      limit 500
      for update of c, o skip locked`;
    for (const c of due) {
      await tx`update orders set status = 'cancelled' where id = ${c.order_id}`;
      await tx`update cancellations set delete_after = now() where id = ${c.id}`;
      if (c.service_id) {
        await tx`update services set service_status = 'suspended'
          where id = ${c.service_id} and service_status = 'active'`;
        await tx`
          insert into provider_jobs (kind, service_id, vm_id)
          select 'delete', s.id, s.reseller_id from services s
          where s.id = ${c.service_id} and s.reseller_id is not null and s.service_type = 'vps'
            and s.service_status = 'suspended'
          on conflict (vm_id) where kind = 'delete' and state = 'pending' do nothing`;
      }
      await recordAudit(tx, {
        actorId: null,
        action: "order.cancel",
        entity: "order",
        entityId: c.order_id,
        after: { status: "cancelled", cancellation_id: c.id, mode: "period_end" },
      });
    }
    return due.length;
  });
}

/** Staff: cancellations, newest first, with the reason the customer chose. */
export async function listCancellations(sql: Db): Promise<AdminCancellationList> {
  const rows = await sql<(AdminCancellationList["cancellations"][number] & { created_at: Date })[]>`
    select c.id, pr.email as user_email, c.order_id, c.service_id, p.name as product_name, c.mode,
      c.reason, c.comment, c.state, c.refunded::text as refunded, c.created_at
    from cancellations c join profiles pr on pr.id = c.user_id
      join orders o on o.id = c.order_id join products p on p.id = o.product_id
    order by c.created_at desc, c.id desc
    limit 200`;
  return { cancellations: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
}
