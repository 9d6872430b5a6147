import { detectProcessor, serviceMessages } from "@contracts/services.ts";
import { Card } from "@hosting-portal/shared-ui";
import * as styles from "./services.css";

/** SPEC §2: dedicated servers show Intel or AMD, detected from the CPU text. */
export function ProcessorPanel({ cpu }: { cpu: string }) {
  const vendor = detectProcessor(cpu);
  return (
    <Card as="section" title="Processor">
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
        <p className={styles.muted}>{serviceMessages.noProcessor}</p>
      )}
    </Card>
  );
}
