import { memberMessages } from "@contracts/members.ts";
import { contractMessage, useMemberships } from "@hosting-portal/shared-ui";
import { useT } from "../../i18n";
import * as styles from "../layout/components/frame-banner.css";

/**
 * Shown in the frame while the account the session acts on is suspended (its founder is): what
 * still works there is said once, here, rather than learned from one refused action after another.
 */
export function SuspendedAccountBanner() {
  const t = useT();
  const { data } = useMemberships();
  if (!data?.find((a) => a.active)?.suspended) return null;
  return (
    <section className={styles.banner} aria-label={t("accounts.suspended")}>
      <p>{contractMessage(memberMessages.accountSuspended)}</p>
    </section>
  );
}
