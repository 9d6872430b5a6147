import { ErrorCode } from "../../contracts/errors.ts";
import { serverActionMessages } from "../../contracts/server-actions.ts";
import {
  actionVerb,
  type Service,
  type ServiceAction,
  serviceMessages,
} from "../../contracts/services.ts";
import { recordAudit } from "../audit/audit.ts";
import { hit } from "../auth/rate-limit.ts";
import type { Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { log } from "../platform/log.ts";
import type { PowerAction, ServerProvider } from "../platform/ports.ts";
import { ProviderError } from "../provider/provider-error.ts";
import type { StatsOf } from "../provisioning/stats.ts";

type ServiceRow = Omit<Service, "created_at"> & { created_at: Date };

const columns = (sql: Db) => sql`
  id, user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id, created_at,
  root_password_sealed is not null as root_password_pending`;

// Named fields rather than a spread of the row (slower): this runs for every row of every list.
export const toService = (row: ServiceRow): Service => ({
  id: row.id,
  user_id: row.user_id,
  service_type: row.service_type,
  service_status: row.service_status,
  ipv4: row.ipv4,
  ram: row.ram,
  cpu: row.cpu,
  storage: row.storage,
  reseller_id: row.reseller_id,
  order_id: row.order_id,
  created_at: row.created_at.toISOString(),
  root_password_pending: row.root_password_pending,
});

/** Only the caller's services, oldest first (stable order for the navigation). */
export async function listServices(sql: Db, userId: string): Promise<Service[]> {
  const rows = await sql<ServiceRow[]>`
    select ${columns(sql)} from services where user_id = ${userId} order by created_at, id`;
  return rows.map(toService);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One service of the caller. Another user's id, an unknown id and a malformed id all get the same
 * 404, so the answer never reveals whether someone else's service exists. SPEC §2: suspended
 * services cannot be opened; nor can failed or terminated ones. A service being provisioned opens
 * (its page shows the progress and, once made, the root password).
 */
export async function getOwnService(sql: Db, userId: string, id: string): Promise<Service> {
  if (!UUID.test(id)) throw new HttpError(404, ErrorCode.notFound, serviceMessages.notFound);
  const [row] = await sql<ServiceRow[]>`
    select ${columns(sql)} from services where id = ${id} and user_id = ${userId}`;
  if (!row) throw new HttpError(404, ErrorCode.notFound, serviceMessages.notFound);
  if (row.service_status === "suspended") {
    throw new HttpError(403, ErrorCode.serviceSuspended, serviceMessages.suspended);
  }
  if (row.service_status !== "active" && row.service_status !== "provisioning") {
    throw new HttpError(403, ErrorCode.serviceSuspended, serviceMessages.notActive);
  }
  return toService(row);
}

/** An active VPS of the caller with its server: what control actions and statistics need. */
export async function getControllable(sql: Db, userId: string, id: string) {
  const service = await getOwnService(sql, userId, id);
  if (service.service_type !== "vps") {
    throw new HttpError(403, ErrorCode.serviceNotControllable, serviceMessages.notAvailable);
  }
  if (service.service_status !== "active" || service.reseller_id === null) {
    throw new HttpError(403, ErrorCode.serviceSuspended, serviceMessages.notActive);
  }
  return { ...service, reseller_id: service.reseller_id };
}

/**
 * The root password the provider set, once: it is read and cleared in one statement, so two tabs
 * (or a replayed request) cannot both get it. Opened with the service id it was sealed to.
 */
export async function revealRootPassword(
  deps: Pick<Deps, "sql" | "secretBox">,
  userId: string,
  id: string,
): Promise<{ password: string }> {
  await getOwnService(deps.sql, userId, id);
  const [row] = await deps.sql<[{ sealed: string }?]>`
    update services s set root_password_sealed = null
    from (select id, root_password_sealed from services where id = ${id} and user_id = ${userId} for update) prev
    where s.id = prev.id and prev.root_password_sealed is not null
    returning prev.root_password_sealed as sealed`;
  if (!row) throw new HttpError(404, ErrorCode.notFound, serviceMessages.noRootPassword);
  await recordAudit(deps.sql, {
    actorId: userId,
    action: "service.root_password.reveal",
    entity: "service",
    entityId: id,
  });
  return { password: await deps.secretBox.open(row.sealed, id) };
}

/** getServiceStats: the provider's current figures, shared for STATS_TTL_MS (stats.ts). */
export async function serviceStats(
  deps: Pick<Deps, "sql">,
  statsOf: StatsOf,
  userId: string,
  id: string,
) {
  const service = await getControllable(deps.sql, userId, id);
  try {
    return await statsOf(service.reseller_id);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log("warn", "provider status failed", { service_id: id, reason: err.reason });
    throw new HttpError(502, ErrorCode.providerFailed, serviceMessages.statsUnavailable);
  }
}

/** SPEC's Start and Stop, and the forced ones, on the provider's documented calls (Restart: restart() below). */
const powerAction: Record<"start" | "stop" | "force-stop" | "force-restart", PowerAction> = {
  start: "start",
  stop: "shutdown",
  "force-stop": "stop",
  "force-restart": "reboot-force",
};

/**
 * SPEC's Restart is the provider's graceful reboot, which a provider may refuse for a server that
 * is not running (the simulator does, as Proxmox does). The customer who presses Restart on a
 * stopped server wants it running: then it is started instead.
 */
async function restart(provider: ServerProvider, vmId: number): Promise<void> {
  try {
    await provider.power(vmId, "reboot");
  } catch (err) {
    if (!(err instanceof ProviderError) || err.uncertain || err.reason !== "refused") throw err;
    if ((await provider.status(vmId)).state !== "stopped") throw err;
    await provider.power(vmId, "start");
  }
}

/** A server being reinstalled takes no other action: it would fight the provider's job. */
export async function refuseWhileReinstalling(sql: Db, serviceId: string): Promise<void> {
  const [running] = await sql`
    select 1 from provider_jobs where service_id = ${serviceId} and kind = 'reinstall' and state = 'pending'`;
  if (running) {
    throw new HttpError(409, ErrorCode.conflict, serverActionMessages.busyReinstalling);
  }
}

/** Control actions per service per window: a customer cannot flood the provider. */
export const ACTION_LIMIT = { max: 10, windowSeconds: 60 };

/**
 * Runs one control action: ownership, status and type are checked on every call (the UI's
 * disabled buttons are only comfort), then the rate limit, then the provider. The audit row
 * names the action, never the password.
 */
export async function controlService(
  deps: Pick<Deps, "sql" | "provider">,
  userId: string,
  id: string,
  action: ServiceAction,
  body?: { password: string },
): Promise<{ password?: string }> {
  const service = await getControllable(deps.sql, userId, id);
  await hit(deps.sql, [{ key: `service-action:${service.id}`, ...ACTION_LIMIT }]);
  await refuseWhileReinstalling(deps.sql, service.id);
  let result: { password?: string } = {};
  try {
    if (action === "reset-password") {
      const wanted = body?.password ?? null;
      const { password } = await deps.provider.resetPassword(service.reseller_id, wanted);
      // The provider may set a password of its own: then that one is the one that works.
      if (password && password !== wanted) result = { password };
    } else if (action === "restart") {
      await restart(deps.provider, service.reseller_id);
    } else {
      await deps.provider.power(service.reseller_id, powerAction[action]);
    }
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log("warn", "provider call failed", {
      service_id: service.id,
      action,
      reason: err.reason,
      detail: err.message,
    });
    await recordAudit(deps.sql, {
      actorId: userId,
      action: `service.${action}.failed`,
      entity: "service",
      entityId: service.id,
      after: { reason: err.reason },
    });
    throw new HttpError(502, ErrorCode.providerFailed, serviceMessages.failed(actionVerb[action]));
  }
  await recordAudit(deps.sql, {
    actorId: userId,
    action: `service.${action}`,
    entity: "service",
    entityId: service.id,
  });
  return result;
}
