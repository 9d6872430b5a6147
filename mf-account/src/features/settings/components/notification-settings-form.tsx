import { NotificationMessages, type NotificationSettings } from "@contracts/notifications.ts";
import {
  Button,
  Card,
  Checkbox,
  contractMessage,
  Skeleton,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useSaveNotificationSettings } from "../api/save-notification-settings";
import * as styles from "./settings.css";

/**
 * Which emails the customer receives. Security mails (password reset, verification)
 * and the notices that services were suspended or reactivated always go.
 */
export function NotificationSettingsForm() {
  const t = useT();
  const settings = useNotificationSettings();
  return (
    <Card title={t("notify.title")} description={t("notify.description")} as="section">
      {settings.isPending ? (
        <Skeleton height="5rem" />
      ) : settings.isError ? (
        <p className={styles.hint}>{t("notify.loadFailed", { error: settings.error.message })}</p>
      ) : (
        <Choices saved={settings.data} />
      )}
    </Card>
  );
}

function Choices({ saved }: { saved: NotificationSettings }) {
  const t = useT();
  const [choices, setChoices] = useState(saved);
  const save = useSaveNotificationSettings();
  const changed = choices.reminders !== saved.reminders || choices.receipts !== saved.receipts;

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate(choices, {
      onSuccess: () => toast.success(contractMessage(NotificationMessages.saved)),
      onError: (error) =>
        toast.error(contractMessage(NotificationMessages.failedTitle), error.message),
    });
  };

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label={t("notify.title")}>
      <div className={styles.fields}>
        <Checkbox
          name="reminders"
          isSelected={choices.reminders}
          onChange={(reminders) => setChoices((c) => ({ ...c, reminders }))}
        >
          {t("notify.reminders")}
        </Checkbox>
        <Checkbox
          name="receipts"
          isSelected={choices.receipts}
          onChange={(receipts) => setChoices((c) => ({ ...c, receipts }))}
        >
          {t("notify.receipts")}
        </Checkbox>
        <div>
          <Button type="submit" isDisabled={!changed} isPending={save.isPending}>
            {t("notify.save")}
          </Button>
        </div>
      </div>
    </form>
  );
}
