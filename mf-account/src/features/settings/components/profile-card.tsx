import { Card, formatEur, Skeleton, useProfile } from "@hosting-portal/shared-ui";
import * as styles from "./settings.css";

/** SPEC §2 /settings: username, email and the credits balance with 2 decimals in EUR. */
export function ProfileCard() {
  const { data, isPending, isError } = useProfile();
  const value = (text: string | undefined) => (isPending ? <Skeleton width={160} /> : text);
  return (
    <Card title="Profile" as="section">
      {isError ? (
        <p className={styles.hint}>Profile not found</p>
      ) : (
        <dl className={styles.details}>
          <dt>Username</dt>
          <dd>{value(data?.username)}</dd>
          <dt>Email</dt>
          <dd>{value(data?.email)}</dd>
          <dt>Credits</dt>
          <dd className={styles.credits} data-testid="settings-credits">
            {value(formatEur(data?.credits))}
          </dd>
        </dl>
      )}
    </Card>
  );
}
