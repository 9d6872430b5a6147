import type { ServiceType } from "@contracts/common.ts";
import { serviceMessages } from "@contracts/services.ts";
import { Card, ProgressBar } from "@hosting-portal/shared-ui";
import * as styles from "./services.css";

/**
 * A service that is still being made. A VPS is made by the provider within minutes and the
 * page turns into the control page by itself (the live `services` topic refreshes it); a
 * dedicated server is set up by staff, who email the customer.
 */
export function ProvisioningPanel({ type }: { type: ServiceType }) {
  return (
    <Card as="section" title="Setting up" className={styles.wide}>
      <div className={styles.panelBody}>
        <p className={styles.value} role="status">
          {type === "vps" ? serviceMessages.provisioning : serviceMessages.dedicatedProvisioning}
        </p>
        {/* The provider reports no progress per server: an indeterminate bar, no invented figure. */}
        {type === "vps" && <ProgressBar label="Setting up your server" isIndeterminate />}
      </div>
    </Card>
  );
}
