import { MailState } from "@contracts/mail-outbox.ts";
import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useMailOutbox } from "../features/mail-outbox/api/get-mail-outbox";
import { MailOutboxTable } from "../features/mail-outbox/components/mail-outbox-table";
import { useT } from "../i18n";
import * as styles from "../lib/admin.css";
import { SelectField } from "../lib/select-field";

/** /admin/mail-outbox: every mail the portal queued and how its delivery went. */
export default function MailOutboxPage() {
  const t = useT();
  const [state, setState] = useState<MailState | null>(null);
  const outbox = useMailOutbox(state);
  return (
    <Page>
      <PageHeader title={t("outbox.title")} description={t("outbox.description")} />
      <SelectField
        label={t("outbox.state")}
        name="state"
        options={[
          { value: "", label: t("outbox.allStates") },
          ...MailState.options.map((s) => ({ value: s, label: t(`outbox.state.${s}`) })),
        ]}
        value={state ?? ""}
        onChange={(v) => setState(MailState.safeParse(v).data ?? null)}
      />
      <div className={styles.tablePanel}>
        {outbox.isPending ? (
          <Skeleton height="240px" />
        ) : outbox.isError ? (
          <EmptyState
            title={t("outbox.loadFailed")}
            description={outbox.error.message}
            action={<Button onPress={() => outbox.refetch()}>{t("list.retry")}</Button>}
          />
        ) : (
          <>
            <MailOutboxTable mails={outbox.data.pages.flatMap((p) => p.mails)} />
            {outbox.hasNextPage && (
              <Button
                variant="secondary"
                onPress={() => outbox.fetchNextPage()}
                isPending={outbox.isFetchingNextPage}
              >
                {t("outbox.loadOlder")}
              </Button>
            )}
          </>
        )}
      </div>
    </Page>
  );
}
