import type { Service } from "@contracts/services.ts";
import { Button } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../../i18n";
import { fetchConsoleAddress } from "../../api/server-actions";
import * as shared from "../services.css";
import * as styles from "./manage-server.css";
import { useReportServiceError } from "./use-report";

/**
 * The provider's browser console (noVNC). Its address is short-lived and grants control of the
 * server, so it is asked for on the click, opened at once and kept nowhere: not in the page, not
 * in the query cache. The tab is opened before the request so a popup blocker lets it through,
 * and with no opener (the console cannot reach back into the portal).
 */
export function ConsoleButton({ service, isDisabled }: { service: Service; isDisabled: boolean }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const report = useReportServiceError();
  const open = async () => {
    setPending(true);
    const tab = window.open("", "_blank");
    try {
      const { url } = await fetchConsoleAddress(service.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, "_blank", "noopener,noreferrer");
      }
    } catch (err) {
      tab?.close();
      report(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="console-heading">
      <h3 id="console-heading" className={styles.heading}>
        {t("console.title")}
      </h3>
      <p className={shared.muted}>{t("console.explain")}</p>
      <div>
        <Button variant="secondary" isPending={pending} isDisabled={isDisabled} onPress={open}>
          {t("console.open")}
        </Button>
      </div>
    </section>
  );
}
