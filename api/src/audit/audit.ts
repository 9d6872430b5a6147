import { tryGetContext } from "hono/context-storage";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";

export interface AuditEntry {
  /** The acting user; null for the system (jobs, webhooks). */
  actorId: string | null;
  /** e.g. "credits.topup", "order.purchase", "admin.user.suspend". */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one audit row. Call it inside the SQL transaction of the change it records, so the
 * change and its record commit or roll back together.
 */
export async function recordAudit(sql: Db, entry: AuditEntry): Promise<void> {
  // The account's data is kept under its founder's id, so the money paths name the account as
  // their actor; the row names the person of the request who acted on it instead.
  const auth = tryGetContext<AppEnv>()?.var.auth;
  if (auth && entry.actorId === auth.accountId) entry = { ...entry, actorId: auth.userId };
  await sql`
    insert into audit_log (actor_id, actor_label, action, entity, entity_id, before, after)
    values (
      ${entry.actorId},
      coalesce((select email from profiles where id = ${entry.actorId}), 'system'),
      ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
      ${entry.before === undefined ? null : sql.json(entry.before as never)},
      ${entry.after === undefined ? null : sql.json(entry.after as never)}
    )`;
}
