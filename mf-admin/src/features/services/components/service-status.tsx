import type { ServiceStatus } from "@contracts/common.ts";
import { Badge } from "@hosting-portal/shared-ui";

/** How staff read each state: `failed` is always a provisioning that failed (the order refunded). */
export const serviceStatusLabel: Record<ServiceStatus, string> = {
  provisioning: "Provisioning",
  active: "Active",
  suspended: "Suspended",
  failed: "Provisioning failed",
  terminated: "Terminated",
};

/** A service's state as a badge, in lower case like the other admin tables' ("active"). */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <Badge status={status}>{serviceStatusLabel[status].toLowerCase()}</Badge>;
}
