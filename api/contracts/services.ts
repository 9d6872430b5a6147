import { z } from "zod/mini";
import { Password } from "./auth.ts";
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
  reseller_id: z.number().check(z.int()),
  order_id: z.nullable(Uuid),
  created_at: Timestamp,
});
export type Service = z.infer<typeof Service>;

export const ServiceList = z.object({ services: z.array(Service) });
export type ServiceList = z.infer<typeof ServiceList>;

/** SPEC §8 texts of the service pages; the API answers with the same ones. */
export const serviceMessages = {
  notFound: "Service not found or access denied",
  suspendedTitle: "Access Denied",
  suspended: "This service is suspended",
  notAvailableTitle: "Not Available",
  notAvailable: "Control actions are only available for VPS services",
  cancelledTitle: "Cancelled",
  cancelled: "Password change cancelled.",
  empty: "No services found. Contact an administrator to get started.",
  noProcessor: "Processor information not available",
  failed: (action: string) => `Failed to ${action} service`,
} as const;

/** The power actions of the control page; each maps to one provider call. */
export const PowerAction = z.enum(["start", "stop", "restart"]);
export type PowerAction = z.infer<typeof PowerAction>;

/** Verb used in 'Failed to {action} service' and in the success toast, per action. */
export const actionVerb = {
  start: "start",
  stop: "stop",
  restart: "restart",
  "reset-password": "change password",
} as const;
export const actionDone = {
  start: "Service started",
  stop: "Service stopped",
  restart: "Service restarting",
  "reset-password": "Server password changed",
} as const;
export type ServiceAction = keyof typeof actionVerb;

export const ServiceParams = z.object({ id: z.string() });
export const PowerActionParams = z.object({ id: z.string(), action: PowerAction });

/** The new root password follows the account password rules (SPEC §5: minimum 6). */
export const ResetPasswordBody = z.object({ password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ActionResult = z.object({ action: z.string(), message: z.string() });
export type ActionResult = z.infer<typeof ActionResult>;

/** Intel or AMD from the free-text CPU of a dedicated server; null when neither is named. */
export function detectProcessor(cpu: string): "Intel" | "AMD" | null {
  if (/\bintel\b|xeon|core\s?i[3579]/i.test(cpu)) return "Intel";
  if (/\bamd\b|epyc|ryzen|opteron|threadripper/i.test(cpu)) return "AMD";
  return null;
}
