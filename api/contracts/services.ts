import { z } from "zod";
import { ServiceStatus, ServiceType, Timestamp, Uuid } from "./common.ts";

export const Service = z.object({
  id: Uuid,
  user_id: Uuid,
  service_type: ServiceType,
  service_status: ServiceStatus,
  ipv4: z.string(),
  ram: z.string(),
  cpu: z.string(),
  storage: z.string(),
  reseller_id: z.number().int(),
  order_id: Uuid.nullable(),
  created_at: Timestamp,
});
export type Service = z.infer<typeof Service>;

export const ServiceList = z.object({ services: z.array(Service) });
export type ServiceList = z.infer<typeof ServiceList>;
