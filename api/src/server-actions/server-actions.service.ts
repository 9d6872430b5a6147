import { ErrorCode } from "../../contracts/errors.ts";
import {
  type BackupList,
  confirmationText,
  type Reinstall,
  type ReinstallBody,
  type RestoreBody,
  type ReverseDnsBody,
  type ReverseDnsList,
  serverActionMessages,
} from "../../contracts/server-actions.ts";
import { recordAudit } from "../audit/audit.ts";
import { hit } from "../auth/rate-limit.ts";
import type { Deps } from "../platform/context.ts";
import { HttpError } from "../platform/http-error.ts";
import { log } from "../platform/log.ts";
import { failureText, ProviderError } from "../provider/provider-error.ts";
import {
  ACTION_LIMIT,
  getControllable,
  refuseWhileReinstalling,
} from "../services/services.service.ts";

/**
 * A customer's own actions on their VPS beyond SPEC's four buttons. Every one checks, on every
 * call, that the caller owns an active VPS (getControllable: someone else's service is the same
 * 404 as an unknown one), counts against the service's `service-action` limit (the same budget
 * as Start and Stop, so switching buttons does not multiply what reaches the provider) and is
 * audited. The provider's answers are never passed through as they are: refusals become the
 * portal's own texts.
 */
type ActionDeps = Pick<Deps, "sql" | "provider">;

/** Backup creates and restores running at once per service (the provider runs one per server). */
export const BACKUP_CONCURRENCY = 1;

async function controllable(deps: ActionDeps, userId: string, id: string, action: string) {
  const service = await getControllable(deps.sql, userId, id);
  if (action) await hit(deps.sql, [{ key: `service-action:${service.id}`, ...ACTION_LIMIT }]);
  return service;
}

/** A provider failure as the customer's answer, logged and audited with its reason. */
async function providerFailed(
  deps: ActionDeps,
  userId: string,
  serviceId: string,
  action: string,
  verb: string,
  err: unknown,
): Promise<never> {
  if (!(err instanceof ProviderError)) throw err;
  log("warn", "provider call failed", {
    service_id: serviceId,
    action,
    reason: err.reason,
    detail: err.message,
  });
  if (action) {
    await recordAudit(deps.sql, {
      actorId: userId,
      action: `service.${action}.failed`,
      entity: "service",
      entityId: serviceId,
      after: { reason: err.reason },
    });
  }
  throw new HttpError(502, ErrorCode.providerFailed, serverActionMessages.failed(verb));
}

const audit = (
  deps: ActionDeps,
  userId: string,
  serviceId: string,
  action: string,
  after?: Record<string, unknown>,
) =>
  recordAudit(deps.sql, {
    actorId: userId,
    action: `service.${action}`,
    entity: "service",
    entityId: serviceId,
    after,
  });

const confirmOrRefuse = (serviceId: string, typed: string) => {
  if (typed.trim() !== confirmationText(serviceId)) {
    throw new HttpError(422, ErrorCode.validation, serverActionMessages.confirmMismatch);
  }
};

// ---------------------------------------------------------------- reinstall

export async function listTemplates(deps: ActionDeps, userId: string, id: string) {
  const service = await controllable(deps, userId, id, "");
  try {
    return { templates: await deps.provider.templates() };
  } catch (err) {
    return await providerFailed(deps, userId, service.id, "", "load the systems", err);
  }
}

interface ReinstallRow {
  id: string;
  state: Reinstall["state"];
  progress: number;
  provider_status: string | null;
  template: string;
  created_at: Date;
  finished_at: Date | null;
}

/** The service's latest reinstall, as the page shows its progress. */
export async function getReinstall(
  deps: ActionDeps,
  userId: string,
  id: string,
): Promise<{ reinstall: Reinstall | null }> {
  const service = await controllable(deps, userId, id, "");
  const [row] = await deps.sql<[ReinstallRow?]>`
    select id, state, progress, provider_status, template, created_at, finished_at
    from provider_jobs where service_id = ${service.id} and kind = 'reinstall'
    order by created_at desc limit 1`;
  return {
    reinstall: row
      ? {
          id: row.id,
          state: row.state,
          progress: row.progress,
          provider_status: row.provider_status,
          template: row.template,
          started_at: row.created_at.toISOString(),
          finished_at: row.finished_at?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * Queues a reinstall (reinstall.ts runs it). One at a time per service: the unique index on
 * pending reinstalls decides between two tabs. The template is checked against the provider's
 * list now, so a mistyped name is the customer's answer and not a failed job.
 */
export async function startReinstall(
  deps: ActionDeps,
  userId: string,
  id: string,
  body: ReinstallBody,
) {
  const service = await controllable(deps, userId, id, "reinstall");
  confirmOrRefuse(service.id, body.confirm);
  let templates: string[];
  try {
    templates = await deps.provider.templates();
  } catch (err) {
    return await providerFailed(deps, userId, service.id, "reinstall", "reinstall", err);
  }
  if (!templates.includes(body.template)) {
    throw new HttpError(422, ErrorCode.validation, serverActionMessages.templateUnknown);
  }
  await deps.sql.begin(async (tx) => {
    // The service row's lock orders this against a plan change, which takes it too: a resize
    // and a reinstall would race on one server at the provider.
    const [changing] = await tx<{ changing: boolean }[]>`
      select exists (select 1 from provider_jobs j where j.service_id = s.id
        and j.kind = 'change' and j.state = 'pending') as changing
      from services s where s.id = ${service.id} for update of s`;
    if (changing?.changing) {
      throw new HttpError(409, ErrorCode.conflict, serverActionMessages.planChanging);
    }
    const [queued] = await tx`
      insert into provider_jobs (kind, service_id, vm_id, template, requested_by)
      values ('reinstall', ${service.id}, ${service.reseller_id}, ${body.template}, ${userId})
      on conflict (service_id) where kind = 'reinstall' and state = 'pending' do nothing
      returning id`;
    if (!queued) {
      throw new HttpError(409, ErrorCode.conflict, serverActionMessages.reinstallRunning);
    }
    await recordAudit(tx, {
      actorId: userId,
      action: "service.reinstall",
      entity: "service",
      entityId: service.id,
      after: { template: body.template, job_id: queued.id },
    });
  });
  return { message: serverActionMessages.reinstallStarted };
}

// ---------------------------------------------------------------- console

/**
 * The provider's noVNC address, short-lived: handed to the caller and forgotten (neither stored
 * nor logged; the audit row says that it was opened, not where).
 */
export async function openConsole(deps: ActionDeps, userId: string, id: string) {
  const service = await controllable(deps, userId, id, "console");
  let url: string;
  try {
    url = await deps.provider.consoleUrl(service.reseller_id);
  } catch (err) {
    return await providerFailed(deps, userId, service.id, "console", "open the console", err);
  }
  await audit(deps, userId, service.id, "console");
  return { url };
}

// ---------------------------------------------------------------- reverse DNS

/** The server's IPv4 addresses with the PTR names the provider reports. */
export async function listReverseDns(
  deps: ActionDeps,
  userId: string,
  id: string,
): Promise<ReverseDnsList> {
  const service = await controllable(deps, userId, id, "");
  try {
    const config = await deps.provider.serverConfig(service.reseller_id);
    return {
      entries: addressesOf(config.ipv4, service.ipv4).map((ip) => ({
        ip,
        hostname: config.reverseDns?.[ip] ?? null,
      })),
      reported: config.reverseDns !== null,
    };
  } catch (err) {
    return await providerFailed(deps, userId, service.id, "", "load reverse DNS", err);
  }
}

/** The provider's list of the server's addresses, or the one the portal knows when it gives none. */
const addressesOf = (reported: string[], known: string | null) =>
  reported.length > 0 ? reported : known ? [known] : [];

export async function setReverseDns(
  deps: ActionDeps,
  userId: string,
  id: string,
  body: ReverseDnsBody,
) {
  const service = await controllable(deps, userId, id, "rdns");
  await refuseWhileReinstalling(deps.sql, service.id);
  const hostname = body.hostname.trim().toLowerCase();
  try {
    const config = await deps.provider.serverConfig(service.reseller_id);
    if (!addressesOf(config.ipv4, service.ipv4).includes(body.ip)) {
      throw new HttpError(422, ErrorCode.validation, serverActionMessages.ipNotOwned);
    }
    await deps.provider.setReverseDns(service.reseller_id, body.ip, hostname);
  } catch (err) {
    return await providerFailed(deps, userId, service.id, "rdns", "set reverse DNS", err);
  }
  await audit(deps, userId, service.id, "rdns", { ip: body.ip, hostname: hostname || null });
  return {
    message: hostname ? serverActionMessages.rdnsSaved : serverActionMessages.rdnsReset,
  };
}

// ---------------------------------------------------------------- backups

const backupTime = (backupId: string) =>
  /^\d{9,11}$/.test(backupId) ? new Date(Number(backupId) * 1000).toISOString() : null;

export async function listBackups(
  deps: ActionDeps,
  userId: string,
  id: string,
): Promise<BackupList> {
  const service = await controllable(deps, userId, id, "");
  try {
    const [ids, status] = await Promise.all([
      deps.provider.listBackups(service.reseller_id),
      deps.provider.backupStatus(service.reseller_id),
    ]);
    const backups = ids
      .map((backupId) => ({ id: backupId, created_at: backupTime(backupId) }))
      .sort((a, b) => (b.created_at ?? b.id).localeCompare(a.created_at ?? a.id));
    return { backups, running: status.running, status: status.status };
  } catch (err) {
    return await providerFailed(deps, userId, service.id, "", "load backups", err);
  }
}

/**
 * Runs a backup create or restore, at most BACKUP_CONCURRENCY per service: a transaction-scoped
 * advisory lock keeps two requests apart while the first talks to the provider, and the
 * provider's own status keeps a request out while an earlier operation still runs there. A lost
 * answer is read back: the operation running (or a new backup listed) means it was done.
 */
async function backupOperation(
  deps: ActionDeps,
  userId: string,
  id: string,
  action: "backup.create" | "backup.restore",
  run: (vmId: number) => Promise<void>,
  readBack: (vmId: number, before: string[]) => Promise<boolean>,
  confirm?: string,
) {
  const service = await controllable(deps, userId, id, action);
  if (confirm !== undefined) confirmOrRefuse(service.id, confirm);
  await refuseWhileReinstalling(deps.sql, service.id);
  const verb = action === "backup.create" ? "create the backup" : "restore the backup";
  await deps.sql.begin(async (tx) => {
    const [{ free }] = await tx<[{ free: boolean }]>`
      select pg_try_advisory_xact_lock(hashtextextended(${`backup:${service.id}`}, 0)) as free`;
    if (!free) throw new HttpError(409, ErrorCode.conflict, serverActionMessages.backupRunning);
    let before: string[] = [];
    try {
      const status = await deps.provider.backupStatus(service.reseller_id);
      if (status.running) {
        throw new HttpError(409, ErrorCode.conflict, serverActionMessages.backupRunning);
      }
      before = await deps.provider.listBackups(service.reseller_id);
      await run(service.reseller_id);
    } catch (err) {
      if (err instanceof ProviderError && err.uncertain) {
        log("warn", "provider backup answer lost: reading it back", {
          service_id: service.id,
          error: failureText(err),
        });
        const done = await readBack(service.reseller_id, before).catch(() => false);
        if (done) return;
      }
      return await providerFailed(deps, userId, service.id, action, verb, err);
    }
  });
  return service;
}

export async function createBackup(deps: ActionDeps, userId: string, id: string) {
  const service = await backupOperation(
    deps,
    userId,
    id,
    "backup.create",
    (vmId) => deps.provider.createBackup(vmId),
    async (vmId, before) =>
      (await deps.provider.backupStatus(vmId)).running ||
      (await deps.provider.listBackups(vmId)).some((b) => !before.includes(b)),
  );
  await audit(deps, userId, service.id, "backup.create");
  return { message: serverActionMessages.backupStarted };
}

export async function restoreBackup(
  deps: ActionDeps,
  userId: string,
  id: string,
  body: RestoreBody,
) {
  const service = await backupOperation(
    deps,
    userId,
    id,
    "backup.restore",
    async (vmId) => {
      if (!(await deps.provider.listBackups(vmId)).includes(body.backup)) {
        throw new HttpError(404, ErrorCode.notFound, serverActionMessages.backupUnknown);
      }
      await deps.provider.restoreBackup(vmId, body.backup);
    },
    async (vmId) => (await deps.provider.backupStatus(vmId)).running,
    body.confirm,
  );
  await audit(deps, userId, service.id, "backup.restore", { backup: body.backup });
  return { message: serverActionMessages.restoreStarted };
}
