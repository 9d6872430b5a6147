import { Link, shortId } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";

/** A service named by a provider row: a link to Manage Services searching for its id. */
export function ServiceLink({ serviceId }: { serviceId: string | null }) {
  const t = useT();
  if (!serviceId) return <span className={styles.muted}>—</span>;
  return (
    <Link
      href={`/admin/services?${new URLSearchParams({ q: serviceId })}`}
      aria-label={t("provider.serviceLink", { id: shortId(serviceId) })}
    >
      <span className={styles.mono}>{shortId(serviceId)}</span>
    </Link>
  );
}
