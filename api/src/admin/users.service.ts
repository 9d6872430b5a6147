import type { z } from "zod/mini";
import {
  type AdminUser,
  type AdminUserList,
  type AdminUserQuery,
  adminMessages,
  type CreateUserBody,
  type CreditAdjustmentBody,
  type CreditAdjustmentResult,
  type UserStatusBody,
} from "../../contracts/admin.ts";
import { recordAudit } from "../audit/audit.ts";
import { createAccount, forgetUserSessions, revokeUserSessions } from "../auth/auth.service.ts";
import { sessionCache } from "../auth/session-cache.ts";
import { assertBalanceRoom } from "../billing/top-up.service.ts";
import type { Db, Sql, Tx } from "../platform/db.ts";
import { notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { claimKey } from "../shop/shop.service.ts";
import { conflict, iso, type Keyed } from "./admin-rows.ts";
import {
  containsPattern,
  cursorShapes,
  decodeCursor,
  idPrefixRange,
  pageSize,
  toPage,
} from "./list-page.ts";

type UserRow = Omit<AdminUser, "created_at"> & { created_at: Date };

const userColumns = (sql: Db) => sql`
  p.id, p.username, p.email, p.credits, p.status, p.created_at,
  exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin') as is_admin,
  (select count(*)::int from orders o where o.user_id = p.id) as orders_count,
  (select count(*)::int from services s where s.user_id = p.id) as services_count`;

const toUser = (row: UserRow): AdminUser => ({ ...row, created_at: iso(row.created_at) });

/**
 * SPEC §7: all profiles, newest first (id breaks ties), one page at a time. `q` matches
 * part of the username or email (trigram indexes) or the start of the id (a primary-key range).
 */
export async function listUsers(sql: Db, query: AdminUserQuery = {}): Promise<AdminUserList> {
  const limit = pageSize(query.limit);
  const after = query.cursor ? decodeCursor("users", query.cursor, cursorShapes.newestFirst) : null;
  const q = query.q;
  const ids = q ? idPrefixRange(q) : null;
  const rows = await sql<(UserRow & Keyed)[]>`
    select ${userColumns(sql)}, to_json(p.created_at) #>> '{}' as sort_at from profiles p
    where true
      ${after ? sql`and (p.created_at, p.id) < (${after[0]!}::text::timestamptz, ${after[1]!}::uuid)` : sql``}
      ${
        q
          ? sql`and (p.username ilike ${containsPattern(q)} or p.email ilike ${containsPattern(q)}
          ${ids ? sql`or p.id between ${ids[0]}::uuid and ${ids[1]}::uuid` : sql``})`
          : sql``
      }
    order by p.created_at desc, p.id desc
    limit ${limit + 1}`;
  const { page, next_cursor } = toPage(rows, limit, "users", (r) => [r.sort_at, r.id]);
  return { users: page.map(({ sort_at: _k, ...r }) => toUser(r)), next_cursor };
}

export async function getAdminUser(sql: Db, id: string): Promise<AdminUser | undefined> {
  const [row] = await sql<
    [UserRow?]
  >`select ${userColumns(sql)} from profiles p where p.id = ${id}`;
  return row && toUser(row);
}

/** A user this transaction has just locked, created or changed: there is one. */
async function readAdminUser(sql: Db, id: string): Promise<AdminUser> {
  const user = await getAdminUser(sql, id);
  invariant(user, `profile ${id} read back`);
  return user;
}

/**
 * Adds or removes credits in one transaction with its ledger row and audit row. The row lock makes
 * concurrent adjustments queue; a removal floors at 0 and the ledger carries the delta actually
 * applied, so the ledger always sums to the balance. Arithmetic happens in SQL on numeric.
 */
export async function adjustCredits(
  sql: Sql,
  adminId: string,
  userId: string,
  { operation, amount }: z.output<typeof CreditAdjustmentBody>,
  /** The admin's Idempotency-Key: the change happens once, a repeat gets the first answer. */
  idempotencyKey: string,
  /** MAX_BALANCE_EUR; an addition past it is refused with a 422. */
  maxBalance?: string,
): Promise<CreditAdjustmentResult & { replayed: boolean }> {
  return await sql.begin(async (tx) => {
    const [before] = await tx<[{ credits: string }?]>`
      select credits from profiles where id = ${userId} for update`;
    if (!before) throw notFound(adminMessages.userNotFound);
    const claim = await claimKey(
      tx,
      adminId,
      idempotencyKey,
      `credits:${operation}:${Number(amount).toFixed(2)}`,
      userId,
    );
    if (claim.replay) return await replayedAdjustment(tx, adminId, idempotencyKey, userId);
    if (operation === "add" && maxBalance) await assertBalanceRoom(tx, userId, amount, maxBalance);
    const [after] = await tx<[{ credits: string; applied: string }?]>`
      update profiles set credits = case when ${operation} = 'add'
          then credits + ${amount}::numeric
          else greatest(credits - ${amount}::numeric, 0) end
      where id = ${userId}
      returning credits, (credits - ${before.credits}::numeric)::numeric(12, 2)::text as applied`;
    invariant(after, `locked profile ${userId} updated`);
    let transactionId: string | null = null;
    if (!/^-?0\.00$/.test(after.applied)) {
      const [ledger] = await tx<[{ id: string }?]>`
        insert into transactions (user_id, amount, status, kind, admin_id)
        values (${userId}, ${after.applied}::numeric, 'paid', 'admin_adjustment', ${adminId})
        returning id`;
      invariant(ledger, "ledger row inserted");
      transactionId = ledger.id;
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.credits.${operation}`,
      entity: "profile",
      entityId: userId,
      before: { credits: before.credits },
      after: {
        credits: after.credits,
        requested: amount,
        applied: after.applied,
        transaction_id: transactionId,
      },
    });
    await tx`update idempotency_keys set transaction_id = ${transactionId}
      where user_id = ${adminId} and key = ${idempotencyKey}`;
    const user = await readAdminUser(tx, userId);
    return { user, applied: after.applied, transaction_id: transactionId, replayed: false };
  });
}

/** The first answer of a repeated credit change: the ledger row it wrote, the balance now. */
async function replayedAdjustment(
  tx: Tx,
  adminId: string,
  key: string,
  userId: string,
): Promise<CreditAdjustmentResult & { replayed: true }> {
  const [first] = await tx<[{ transaction_id: string | null; applied: string | null }?]>`
    select k.transaction_id, t.amount::text as applied
    from idempotency_keys k left join transactions t on t.id = k.transaction_id
    where k.user_id = ${adminId} and k.key = ${key}`;
  return {
    user: await readAdminUser(tx, userId),
    applied: first?.applied ?? "0.00",
    transaction_id: first?.transaction_id ?? null,
    replayed: true,
  };
}

/** A real account (argon2id via createAccount), unlike the original's info message. */
export async function createUser(
  sql: Sql,
  adminId: string,
  body: CreateUserBody,
): Promise<AdminUser> {
  const user = await createAccount(sql, body);
  // createAccount commits on its own; the audit row follows right after in its own statement.
  await recordAudit(sql, {
    actorId: adminId,
    action: "admin.user.create",
    entity: "profile",
    entityId: user.id,
    after: { username: user.username, email: user.email },
  });
  return await readAdminUser(sql, user.id);
}

/**
 * Suspending ends the user's sessions too: the middleware already refuses a suspended user, but a
 * later re-activation must not bring old stolen tokens back to life. A user who founded an account
 * suspends it with them: its members may only read it, write to support and leave
 * (suspendedAccountAllows).
 */
export async function setUserStatus(
  sql: Sql,
  adminId: string,
  userId: string,
  status: UserStatusBody["status"],
): Promise<AdminUser> {
  if (userId === adminId) throw conflict(adminMessages.notYourself);
  const user = await sql.begin(async (tx) => {
    const [before] = await tx<[{ status: string }?]>`
      select status from profiles where id = ${userId} for update`;
    if (!before) throw notFound(adminMessages.userNotFound);
    await tx`update profiles set status = ${status} where id = ${userId}`;
    const revoked = status === "suspended" ? await revokeUserSessions(tx, userId) : 0;
    await recordAudit(tx, {
      actorId: adminId,
      action: status === "suspended" ? "admin.user.suspend" : "admin.user.activate",
      entity: "profile",
      entityId: userId,
      before: { status: before.status },
      after: { status, sessions_revoked: revoked },
    });
    return await readAdminUser(tx, userId);
  });
  // Once committed, this instance forgets the user's sessions and those acting on the account
  // they founded (suspended or active with them) at once; the others on the status trigger's
  // notification (migration 008).
  sessionCache.invalidateUser(userId);
  return user;
}

/**
 * Removing a user is a hard delete: their orders, services, sessions and ledger rows go with the
 * profile (the schema cascades). So that no money disappears silently, it is refused while the
 * balance is above zero — the admin removes the credits first, which the ledger and audit record.
 * The audit row keeps a snapshot of what was deleted. Admins cannot remove themselves.
 */
export async function removeUser(sql: Sql, adminId: string, userId: string): Promise<void> {
  if (userId === adminId) throw conflict(adminMessages.notYourself);
  await sql.begin(async (tx) => {
    const [row] = await tx<[UserRow?]>`
      select ${userColumns(tx)} from profiles p where p.id = ${userId} for update of p`;
    if (!row) throw notFound(adminMessages.userNotFound);
    if (row.credits !== "0.00") throw conflict(adminMessages.userHasCredits);
    // The user's profile is also the account other members work in (its id, its balance, its
    // services): deleting it would silently take the account away from them. Under the account's
    // lock, as every membership change takes it.
    await tx`select 1 from accounts where id = ${userId} for update`;
    const [others] = await tx<{ n: number }[]>`
      select count(*)::int as n from account_members
      where account_id = ${userId} and user_id <> ${userId}`;
    if (others!.n > 0) throw conflict(adminMessages.userAccountHasMembers);
    const [ledger] = await tx<[{ count: number; sum: string }?]>`
      select count(*)::int as count, coalesce(sum(amount), 0)::numeric(12, 2)::text as sum
      from transactions where user_id = ${userId}`;
    invariant(ledger, "an aggregate returns one row");
    await tx`delete from profiles where id = ${userId}`;
    forgetUserSessions(userId);
    await recordAudit(tx, {
      actorId: adminId,
      action: "admin.user.remove",
      entity: "profile",
      entityId: userId,
      before: { ...toUser(row), ledger_rows: ledger.count, ledger_sum: ledger.sum },
      after: null,
    });
  });
}
