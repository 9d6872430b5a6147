import type { ServiceStatus } from "@contracts/common.ts";
import type { Service } from "@contracts/services.ts";
import { Badge } from "@hosting-portal/shared-ui";
import { messages, useT } from "../../../dashboard-i18n";

type T = typeof messages.t;

/** A service's state as the customer reads it (serviceStatusLabel's words), coloured by how it stands. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const t = useT();
  return <Badge status={status}>{t(`status.${status}`)}</Badge>;
}

/** The IPv4 as shown: null until the provider assigns one, and after a failed set-up. */
export function ipv4Text(
  service: Pick<Service, "ipv4" | "service_status">,
  t: T = messages.t,
): string {
  if (service.ipv4) return service.ipv4;
  return service.service_status === "provisioning" ? t("assigning") : "—";
}

/**
 * Whether the dashboard opens a service's page, and what its button reads. An active service
 * and a VPS being set up open (the page shows the progress, then the root password); SPEC §2's
 * disabled 'Suspended' button extends to the other states that cannot be opened. A dedicated
 * server being set up has nothing to show yet: staff set it up and email the customer.
 */
export function manageButton(
  service: Pick<Service, "service_status" | "service_type">,
  t: T = messages.t,
): {
  label: string;
  enabled: boolean;
} {
  switch (service.service_status) {
    case "active":
      return { label: t("manage"), enabled: true };
    case "provisioning":
      return service.service_type === "vps"
        ? { label: t("manage"), enabled: true }
        : { label: t("beingSetUp"), enabled: false };
    default:
      return { label: t(`status.${service.service_status}`), enabled: false };
  }
}
