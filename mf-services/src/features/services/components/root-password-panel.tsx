import type { Service } from "@contracts/services.ts";
import { ApiError, Button, Card, queryKeys } from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useT } from "../../../i18n";
import { useRevealRootPassword } from "../api/reveal-root-password";
import { SecretValue } from "./secret-value";
import { reportServiceError } from "./service-errors";
import * as styles from "./services.css";

/**
 * The root password the provider set for a new server, shown once and only on request: it is
 * not in the page until the button is pressed, and it is kept in this component's mutation
 * state alone (never in the query cache), so it is gone once the panel unmounts. The panel
 * stays after the reveal although the service no longer has a password pending.
 */
export function RootPasswordPanel({ service }: { service: Service }) {
  const t = useT();
  const reveal = useRevealRootPassword();
  const queryClient = useQueryClient();
  // 404: already shown (in another tab, or before a reload), or the provider reported none.
  const gone =
    reveal.error instanceof ApiError && reveal.error.status === 404 ? reveal.error.message : null;
  if (!service.root_password_pending && !reveal.data && gone === null) return null;

  // Once shown (or found gone) the password is no longer pending: the list, the navigation and
  // this page read that again. Another failure leaves the button for a second try.
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.services.mine });
  const show = () =>
    reveal.mutate(service.id, {
      onSuccess: refresh,
      onError: (err) => {
        if (err instanceof ApiError && err.status === 404) void refresh();
        else reportServiceError(err);
      },
    });

  return (
    <Card as="section" title={t("rootPassword.title")}>
      <div className={styles.panelBody}>
        {reveal.data ? (
          <>
            <SecretValue label={t("rootPassword.title")} value={reveal.data.password} />
            <p className={styles.note}>{t("rootPassword.shownOnce")}</p>
          </>
        ) : gone !== null ? (
          <p className={styles.muted} role="status">
            {gone}
          </p>
        ) : (
          <>
            <p className={styles.muted}>{t("rootPassword.ready")}</p>
            <div>
              <Button onPress={show} isPending={reveal.isPending}>
                {t("rootPassword.show")}
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
