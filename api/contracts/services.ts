import { z } from "zod/mini";
import { Password } from "./auth.ts";
import { ServiceStatus, ServiceType, Timestamp, Uuid } from "./common.ts";
import { fillTemplate } from "./i18n/fill-template.ts";

/** A service as both its owner and staff see it (staff's AdminService adds the owner and errors). */
export const ServiceFields = z.object({
  id: Uuid,
  user_id: Uuid,
  service_type: ServiceType,
  service_status: ServiceStatus,
  /** Null while the server is being made (and when that failed). */
  ipv4: z.nullable(z.string()),
  ram: z.string(),
  cpu: z.string(),
  storage: z.string(),
  /** The provider's id of the server; null until it exists. */
  reseller_id: z.nullable(z.number().check(z.int())),
  order_id: z.nullable(Uuid),
  created_at: Timestamp,
});

export const Service = z.extend(ServiceFields, {
  /** The root password the provider set is waiting to be shown once (revealRootPassword). */
  root_password_pending: z.boolean(),
});
export type Service = z.infer<typeof Service>;

export const ServiceList = z.object({ services: z.array(Service) });
export type ServiceList = z.infer<typeof ServiceList>;

/** SPEC §8 texts of the service pages; the API answers with the same ones. */
export const serviceMessages = {
  notFound: "Service not found or access denied",
  /** Not SPEC texts: the provider lifecycle's states, worded for the customer. */
  provisioning: "Your server is being set up. This page updates by itself when it is ready.",
  dedicatedProvisioning:
    "Our staff are setting up your dedicated server. You will get an email when it is ready.",
  notActive: "This service is not active",
  noRootPassword: "The root password was already shown, or the provider did not report one",
  statsUnavailable: "Live statistics are not available right now",
  suspendedTitle: "Access Denied",
  suspended: "This service is suspended",
  notAvailableTitle: "Not Available",
  notAvailable: "Control actions are only available for VPS services",
  cancelledTitle: "Cancelled",
  cancelled: "Password change cancelled.",
  empty: "No services found. Contact an administrator to get started.",
  noProcessor: "Processor information not available",
  /** The template of `failed` (i18n/message-template.ts), with `actionVerb`'s verbs. */
  failedAction: "Failed to {action} service",
  failed: (action: string) => fillTemplate(serviceMessages.failedAction, { action }),
} as const;

/**
 * The power actions of the control page; each maps to one provider call. The forced ones cut the
 * power (or reset) without asking the system, as pulling the plug would.
 */
export const PowerAction = z.enum(["start", "stop", "restart", "force-stop", "force-restart"]);
export type PowerAction = z.infer<typeof PowerAction>;

/** Verb used in 'Failed to {action} service' and in the success toast, per action. */
export const actionVerb = {
  start: "start",
  stop: "stop",
  restart: "restart",
  "force-stop": "force stop",
  "force-restart": "force restart",
  "reset-password": "change password",
} as const;
export const actionDone = {
  start: "Service started",
  stop: "Service stopped",
  restart: "Service restarting",
  "force-stop": "Service forced off",
  "force-restart": "Service reset",
  "reset-password": "Server password changed",
} as const;
export type ServiceAction = keyof typeof actionVerb;

export const ServiceParams = z.object({ id: z.string() });
export const PowerActionParams = z.object({ id: z.string(), action: PowerAction });

/** The new root password follows the account password rules (SPEC §5: minimum 6). */
export const ResetPasswordBody = z.object({ password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ActionResult = z.object({
  action: z.string(),
  message: z.string(),
  /** After a password reset: the password that works, when the provider chose another one. */
  password: z.optional(z.string()),
});
export type ActionResult = z.infer<typeof ActionResult>;

/** Intel or AMD from the free-text CPU of a dedicated server; null when neither is named. */
export function detectProcessor(cpu: string): "Intel" | "AMD" | null {
  if (/\bintel\b|xeon|core\s?i[3579]/i.test(cpu)) return "Intel";
  if (/\bamd\b|epyc|ryzen|opteron|threadripper/i.test(cpu)) return "AMD";
  return null;
}

/** What a customer sees of each state: a short label for badges and the navigation. */
export const serviceStatusLabel: Record<ServiceStatus, string> = {
  provisioning: "Provisioning",
  active: "Active",
  suspended: "Suspended",
  failed: "Failed",
  terminated: "Terminated",
};

/** The root password the provider set, shown once: the API forgets it when it answers. */
export const RootPassword = z.object({ password: z.string() });
export type RootPassword = z.infer<typeof RootPassword>;

/**
 * The provider's current figures of one server (getServiceStats), at most about 2 seconds old.
 * Null where the provider gives no figure: it reports no disk usage, so `disk_used_bytes` is
 * always null with this provider, and the page says so instead of inventing one.
 */
export const ServiceStats = z.object({
  state: z.string(),
  cpu_percent: z.nullable(z.number()),
  memory_used_bytes: z.nullable(z.number()),
  memory_total_bytes: z.nullable(z.number()),
  net_in_bytes: z.nullable(z.number()),
  net_out_bytes: z.nullable(z.number()),
  uptime_seconds: z.nullable(z.number()),
  disk_used_bytes: z.nullable(z.number()),
  disk_total_bytes: z.nullable(z.number()),
  fetched_at: Timestamp,
});
export type ServiceStats = z.infer<typeof ServiceStats>;
