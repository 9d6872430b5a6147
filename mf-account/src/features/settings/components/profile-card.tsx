import { Card, formatEur, Skeleton, useProfile } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "./settings.css";

/** SPEC §2 /settings: username, email and the credits balance with 2 decimals in EUR. */
export function ProfileCard() {
  const t = useT();
  const { data, isPending, isError } = useProfile();
  const value = (text: string | undefined) => (isPending ? <Skeleton width={160} /> : text);
  return (
    <Card title={t("profile.title")} as="section">
      {isError ? (
        <p className={styles.hint}>{t("profile.notFound")}</p>
      ) : (
        <dl className={styles.details}>
          <dt>{t("profile.username")}</dt>
          <dd>{value(data?.username)}</dd>
          <dt>{t("profile.email")}</dt>
          <dd>{value(data?.email)}</dd>
          <dt>{t("profile.credits")}</dt>
          <dd className={styles.credits} data-testid="settings-credits">
            {value(formatEur(data?.credits))}
          </dd>
        </dl>
      )}
    </Card>
  );
}
