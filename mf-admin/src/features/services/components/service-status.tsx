import type { ServiceStatus } from "@contracts/common.ts";
import { Badge, type BadgeTone } from "@hosting-portal/shared-ui";

/** How staff read each state: `failed` is always a provisioning that failed (the order refunded). */
export const serviceStatusLabel: Record<ServiceStatus, string> = {
  provisioning: "Provisioning",
  active: "Active",
  suspended: "Suspended",
  failed: "Provisioning failed",
  terminated: "Terminated",
};

// shared-ui's status tones know SPEC's states only; the provider's are toned here.
const tones: Record<ServiceStatus, BadgeTone> = {
  provisioning: "info",
  active: "success",
  suspended: "warning",
  failed: "danger",
  terminated: "neutral",
};

/** A service's state as a badge, in lower case like the other admin tables' ("active"). */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <Badge tone={tones[status]}>{serviceStatusLabel[status].toLowerCase()}</Badge>;
}
