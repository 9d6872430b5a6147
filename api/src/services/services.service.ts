import type { Db } from "../db.ts";
import type { Service } from "../../contracts/services.ts";

type ServiceRow = Omit<Service, "created_at"> & { created_at: Date };

export const toService = (row: ServiceRow): Service => ({ ...row, created_at: row.created_at.toISOString() });

/** Only the caller's services, oldest first (stable order for the navigation). */
export async function listServices(sql: Db, userId: string): Promise<Service[]> {
  const rows = await sql<ServiceRow[]>`
    select id, user_id, service_type, service_status, ipv4, ram, cpu, storage, reseller_id, order_id, created_at
    from services where user_id = ${userId} order by created_at, id`;
  return rows.map(toService);
}
