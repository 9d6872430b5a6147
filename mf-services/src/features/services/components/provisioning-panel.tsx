import type { ServiceType } from "@contracts/common.ts";
import { serviceMessages } from "@contracts/services.ts";
import { Card, contractMessage, ProgressBar } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "./services.css";

/**
 * A service that is still being made. A VPS is made by the provider within minutes and the
 * page turns into the control page by itself (the live `services` topic refreshes it); a
 * dedicated server is set up by staff, who email the customer.
 */
export function ProvisioningPanel({ type }: { type: ServiceType }) {
  const t = useT();
  return (
    <Card as="section" title={t("provisioning.title")} className={styles.wide}>
      <div className={styles.panelBody}>
        <p className={styles.value} role="status">
          {contractMessage(
            type === "vps" ? serviceMessages.provisioning : serviceMessages.dedicatedProvisioning,
          )}
        </p>
        {/* The provider reports no progress per server: an indeterminate bar, no invented figure. */}
        {type === "vps" && <ProgressBar label={t("provisioning.progress")} isIndeterminate />}
      </div>
    </Card>
  );
}
