import { ErrorCode } from "../../contracts/errors.ts";
import {
  actionVerb,
  type Service,
  type ServiceAction,
  serviceMessages,
} from "../../contracts/services.ts";
import { recordAudit } from "../audit/audit.ts";
import { hit } from "../auth/rate-limit.ts";
import type { Deps } from "../context.ts";
import type { Db } from "../db.ts";
import { HttpError } from "../http-error.ts";
import { log } from "../log.ts";
import type { ProviderAction } from "../ports.ts";
import { ProviderError } from "./provider-client.ts";

type ServiceRow = Omit<Service, "created_at"> & { created_at: Date };

// Named fields rather than a spread of the row: this runs for every row of every list (issue 20).
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
});

/** Only the caller's services, oldest first (stable order for the navigation). */
export async function listServices(sql: Db, userId: string): Promise<Service[]> {
  const rows = await sql<ServiceRow[]>`
    select id, user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id, created_at
    from services where user_id = ${userId} order by created_at, id`;
  return rows.map(toService);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One service of the caller. Another user's id, an unknown id and a malformed id all get the same
 * 404, so the answer never reveals whether someone else's service exists. SPEC §2: suspended
 * services cannot be opened.
 */
export async function getOwnService(sql: Db, userId: string, id: string): Promise<Service> {
  if (!UUID.test(id)) throw new HttpError(404, ErrorCode.notFound, serviceMessages.notFound);
  const [row] = await sql<ServiceRow[]>`
    select id, user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id, created_at
    from services where id = ${id} and user_id = ${userId}`;
  if (!row) throw new HttpError(404, ErrorCode.notFound, serviceMessages.notFound);
  if (row.service_status !== "active") {
    throw new HttpError(403, ErrorCode.serviceSuspended, serviceMessages.suspended);
  }
  return toService(row);
}

const providerAction: Record<ServiceAction, ProviderAction> = {
  start: "start",
  stop: "shutdown",
  restart: "restart",
  "reset-password": "password/reset",
};

/** Control actions per service per window: a customer cannot flood the provider (issue #6). */
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
): Promise<void> {
  const service = await getOwnService(deps.sql, userId, id);
  if (service.service_type !== "vps") {
    throw new HttpError(403, ErrorCode.serviceNotControllable, serviceMessages.notAvailable);
  }
  await hit(deps.sql, [{ key: `service-action:${service.id}`, ...ACTION_LIMIT }]);
  try {
    await deps.provider.call(service.reseller_id, providerAction[action], body);
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
}
