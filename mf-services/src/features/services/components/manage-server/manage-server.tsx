import type { Service } from "@contracts/services.ts";
import { Card } from "@hosting-portal/shared-ui";
import { useT } from "../../../../i18n";
import { useReinstall } from "../../api/server-actions";
import { BackupsSection } from "./backups-section";
import { ConsoleButton } from "./console-button";
import * as styles from "./manage-server.css";
import { ReinstallSection } from "./reinstall-section";
import { ReverseDnsSection } from "./reverse-dns-section";

/**
 * "Manage server": what a customer does to their own active VPS beyond the power buttons. Each
 * action goes to the API, which checks ownership and status again and talks to the provider.
 * While a reinstall runs, nothing else may touch the server.
 */
export function ManageServer({ service }: { service: Service }) {
  const t = useT();
  const { data } = useReinstall(service.id);
  const reinstalling = data?.reinstall?.state === "pending";
  return (
    <Card as="section" title={t("manage.title")} description={t("manage.description")}>
      <div className={styles.sections}>
        <ReinstallSection service={service} />
        <ConsoleButton service={service} isDisabled={reinstalling} />
        <ReverseDnsSection service={service} isDisabled={reinstalling} />
        <BackupsSection service={service} isDisabled={reinstalling} />
      </div>
    </Card>
  );
}
