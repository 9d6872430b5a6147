import type { z } from "zod/mini";
import type { AuditEntry, AuditList, AuditQuery } from "../../contracts/admin.ts";
import type { Db } from "../platform/db.ts";
import { iso } from "./admin-rows.ts";

type AuditRow = Omit<AuditEntry, "created_at"> & { created_at: Date };

/** The audit log, newest first; `before` is the last id of the previous page. */
export async function listAudit(sql: Db, q: z.output<typeof AuditQuery>): Promise<AuditList> {
  const rows = await sql<AuditRow[]>`
    select id::text, actor_id, actor_label, action, entity, entity_id, before, after, created_at
    from audit_log
    where true
      ${q.before ? sql`and id < ${q.before}` : sql``}
      ${q.entity ? sql`and entity = ${q.entity}` : sql``}
    order by audit_log.id desc
    limit ${q.limit + 1}`;
  const page = rows.slice(0, q.limit).map((r) => ({ ...r, created_at: iso(r.created_at) }));
  const last = page.at(-1);
  return { entries: page, next_before: rows.length > q.limit && last ? last.id : null };
}
