import type { ServiceStatus } from "@contracts/common.ts";
import { Badge } from "@hosting-portal/shared-ui";
import { useMemo } from "react";
import { useT } from "../../../i18n";

/**
 * How staff read each state, in the page's language: `failed` is always a provisioning that
 * failed (the order refunded).
 */
export function useServiceStatusLabels(): Record<ServiceStatus, string> {
  const t = useT();
  return useMemo(
    () => ({
      provisioning: t("services.status.provisioning"),
      active: t("services.status.active"),
      suspended: t("services.status.suspended"),
      failed: t("services.status.failed"),
      terminated: t("services.status.terminated"),
    }),
    [t],
  );
}

/**
 * A service's state as a badge, in lower case like the other admin tables' ("active") in English;
 * each language writes its own badge word (German nouns keep their capital).
 */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const t = useT();
  return <Badge status={status}>{t(`services.badge.${status}`)}</Badge>;
}
