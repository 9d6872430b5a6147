import { detectProcessor, serviceMessages } from "@contracts/services.ts";
import { Card, contractMessage } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "./services.css";

/** SPEC §2: dedicated servers show Intel or AMD, detected from the CPU text. */
export function ProcessorPanel({ cpu }: { cpu: string }) {
  const t = useT();
  const vendor = detectProcessor(cpu);
  return (
    <Card as="section" title={t("processor.title")}>
      {vendor ? (
        <div className={styles.processor} data-testid="processor-vendor">
          <span className={styles.vendor} aria-hidden="true">
            {vendor}
          </span>
          <div>
            <p className={styles.value}>{vendor}</p>
            <p className={styles.muted}>{cpu}</p>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>{contractMessage(serviceMessages.noProcessor)}</p>
      )}
    </Card>
  );
}
