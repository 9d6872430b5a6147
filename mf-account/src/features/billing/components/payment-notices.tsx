import { paymentNoticeMessages as msg } from "@contracts/billing.ts";
import { contractMessage, formatDateTime, formatEur } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { usePaymentNotices } from "../api/get-payment-notices";
import * as styles from "./payment-notices.css";

/**
 * What the transactions list cannot show: credits on hold while PayPal reviews a dispute (on
 * /transactions and /settings) and, with `showDenied`, top-ups PayPal held as pending and then
 * denied (never credited, so not in the ledger). Nothing when there is nothing to say, or when
 * the notices cannot be read (an API from before them): the page itself still works.
 */
export function PaymentNotices({ showDenied = false }: { showDenied?: boolean }) {
  const t = useT();
  const { data } = usePaymentNotices();
  if (!data) return null;
  const held = data.held !== "0.00";
  const denied = showDenied ? data.not_credited : [];
  if (!held && denied.length === 0) return null;
  return (
    <>
      {held && (
        <section className={styles.notice} aria-label={contractMessage(msg.heldTitle)}>
          <h2 className={styles.title}>{contractMessage(msg.heldTitle)}</h2>
          <p className={styles.text}>
            {t("notice.held", { held: formatEur(data.held), available: formatEur(data.available) })}
          </p>
        </section>
      )}
      {denied.length > 0 && (
        <section className={styles.notice} aria-label={contractMessage(msg.deniedTitle)}>
          <h2 className={styles.title}>{contractMessage(msg.deniedTitle)}</h2>
          <ul className={styles.list}>
            {denied.map((d) => (
              <li key={d.order_id}>
                {formatDateTime(d.denied_at)}: {t("notice.denied", { amount: formatEur(d.amount) })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
