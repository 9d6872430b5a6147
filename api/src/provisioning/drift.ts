import { enqueueMail } from "../mail/outbox.ts";
import { driftFound } from "../mail/templates/provisioning.ts";
import type { Sql } from "../platform/db.ts";
import { log } from "../platform/log.ts";
import type { ServerProvider } from "../platform/ports.ts";

export interface DriftSettings {
  intervalSeconds: number;
  staffEmail?: string;
  publicUrl: string;
}

/**
 * Compares the provider's servers with the services: a server no service or job knows
 * (`unknown_server`: it may be costing money), and a live VPS whose server the provider no longer
 * has (`missing_server`). Findings are kept in provider_drift for the admin Provider page and
 * mailed to staff once each; one that is no longer seen is marked resolved. Nothing is ever
 * deleted or changed here: a server the portal does not know may be someone's by another way.
 *
 * One replica compares per interval (the provider_drift_checks row is claimed). While a create's
 * answer is lost its server is about to be adopted, so the comparison waits for that.
 */
export async function checkDrift(
  sql: Sql,
  provider: ServerProvider,
  settings: DriftSettings,
): Promise<{ unknown: number; missing: number } | null> {
  const [claimed] = await sql`
    update provider_drift_checks set checked_at = now()
    where id = 1 and (checked_at is null or checked_at <= now() - make_interval(secs => ${settings.intervalSeconds * 0.9}))
      and not exists (select 1 from provider_jobs where kind = 'provision' and state = 'pending'
        and create_sent_at is not null)
    returning 1`;
  if (!claimed) return null;
  let servers: { vmId: number }[];
  try {
    servers = await provider.listServers();
  } catch (err) {
    log("warn", "drift check: the provider's list failed", { error: (err as Error).message });
    return null;
  }
  const ids = servers.map((s) => s.vmId);
  return await sql.begin(async (tx) => {
    // Unknown: not a service's, not a provision job's (finished or adopting), not being deleted.
    const unknown = await tx<{ vm_id: number }[]>`
      select v as vm_id from unnest(${ids}::int[]) v
      where not exists (select 1 from services s where s.reseller_id = v and s.service_type = 'vps'
          and s.service_status <> 'terminated')
        and not exists (select 1 from provider_jobs j where j.vm_id = v and j.state = 'pending')`;
    // Missing: a live VPS whose server is not in the list (made more than a minute ago, so a
    // server finished just now and a list read just before cannot cross).
    const missing = await tx<{ vm_id: number; service_id: string }[]>`
      select s.reseller_id as vm_id, s.id as service_id from services s
      where s.service_type = 'vps' and s.service_status in ('active', 'suspended')
        and s.reseller_id is not null and not (s.reseller_id = any(${ids}::int[]))
        and s.created_at < now() - interval '1 minute'`;
    const found = [
      ...unknown.map((u) => ({ kind: "unknown_server", vm_id: u.vm_id, service_id: null })),
      ...missing.map((m) => ({ kind: "missing_server", vm_id: m.vm_id, service_id: m.service_id })),
    ];
    const fresh = found.length
      ? await tx<{ kind: string; vm_id: number; service_id: string | null; fresh: boolean }[]>`
          insert into provider_drift (kind, vm_id, service_id)
          select * from jsonb_to_recordset(${tx.json(found)}) as f(kind text, vm_id int, service_id uuid)
          on conflict (kind, vm_id) do update set last_seen = now(), resolved_at = null,
            service_id = excluded.service_id
          returning kind, vm_id, service_id, provider_drift.notified_at is null as fresh`
      : [];
    await tx`
      update provider_drift set resolved_at = now()
      where resolved_at is null and last_seen < (select checked_at from provider_drift_checks where id = 1)`;
    // Told once: a finding seen again (or seen again after it was resolved) is not mailed again.
    const toTell = fresh.filter((f) => f.fresh);
    if (toTell.length && settings.staffEmail) {
      await enqueueMail(tx, {
        kind: "staff_provider_drift",
        to: settings.staffEmail,
        dedupeKey: `staff:drift:${toTell
          .map((f) => `${f.kind}:${f.vm_id}`)
          .sort()
          .join(",")}:${new Date().toISOString().slice(0, 13)}`,
        ...driftFound({
          unknownServers: toTell.filter((f) => f.kind === "unknown_server").map((f) => f.vm_id),
          missingServers: toTell
            .filter((f) => f.kind === "missing_server")
            .map((f) => ({ vmId: f.vm_id, serviceId: f.service_id })),
          adminUrl: new URL("/admin/provider", settings.publicUrl).href,
        }),
      });
    }
    if (toTell.length) {
      await tx`
        update provider_drift set notified_at = now()
        where (kind, vm_id) in (select * from jsonb_to_recordset(${tx.json(toTell.map((f) => ({ kind: f.kind, vm_id: f.vm_id })))}) as f(kind text, vm_id int))`;
    }
    if (found.length)
      log("warn", "provider drift", { unknown: unknown.length, missing: missing.length });
    return { unknown: unknown.length, missing: missing.length };
  });
}
