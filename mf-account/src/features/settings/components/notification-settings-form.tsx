import { NotificationMessages, type NotificationSettings } from "@contracts/notifications.ts";
import { Button, Card, Checkbox, Skeleton, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useSaveNotificationSettings } from "../api/save-notification-settings";
import * as styles from "./settings.css";

/**
 * Which emails the customer receives. Security mails (password reset, verification)
 * and the notices that services were suspended or reactivated always go.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  return (
    <Card
      title="Email notifications"
      description="Security emails, such as password resets, and notices that your services were suspended or reactivated are always sent."
      as="section"
    >
      {settings.isPending ? (
        <Skeleton height="5rem" />
      ) : settings.isError ? (
        <p className={styles.hint}>
          Email preferences could not be loaded: {settings.error.message}
        </p>
      ) : (
        <Choices saved={settings.data} />
      )}
    </Card>
  );
}

function Choices({ saved }: { saved: NotificationSettings }) {
  const [choices, setChoices] = useState(saved);
  const save = useSaveNotificationSettings();
  const changed = choices.reminders !== saved.reminders || choices.receipts !== saved.receipts;

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate(choices, {
      onSuccess: () => toast.success(NotificationMessages.saved),
      onError: (error) => toast.error(NotificationMessages.failedTitle, error.message),
    });
  };

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Email notifications">
      <div className={styles.fields}>
        <Checkbox
          name="reminders"
          isSelected={choices.reminders}
          onChange={(reminders) => setChoices((c) => ({ ...c, reminders }))}
        >
          Reminders before an order expires
        </Checkbox>
        <Checkbox
          name="receipts"
          isSelected={choices.receipts}
          onChange={(receipts) => setChoices((c) => ({ ...c, receipts }))}
        >
          Receipts for top-ups, purchases and renewals
        </Checkbox>
        <div>
          <Button type="submit" isDisabled={!changed} isPending={save.isPending}>
            Save email preferences
          </Button>
        </div>
      </div>
    </form>
  );
}
