import { MailState } from "@contracts/mail-outbox.ts";
import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useMailOutbox } from "../features/mail-outbox/api/get-mail-outbox";
import { MailOutboxTable } from "../features/mail-outbox/components/mail-outbox-table";
import * as styles from "../lib/admin.css";
import { SelectField } from "../lib/select-field";

const STATE_OPTIONS = [
  { value: "", label: "All states" },
  ...MailState.options.map((s) => ({ value: s, label: s })),
];

/** /admin/mail-outbox: every mail the portal queued and how its delivery went. */
export default function MailOutboxPage() {
  const [state, setState] = useState<MailState | null>(null);
  const outbox = useMailOutbox(state);
  return (
    <Page>
      <PageHeader
        title="Mail Outbox"
        description="Every mail the portal sent or will send: queued, sending, sent, or failed after its retries, with the last delivery error."
      />
      <SelectField
        label="State"
        name="state"
        options={STATE_OPTIONS}
        value={state ?? ""}
        onChange={(v) => setState(MailState.safeParse(v).data ?? null)}
      />
      <div className={styles.tablePanel}>
        {outbox.isPending ? (
          <Skeleton height="240px" />
        ) : outbox.isError ? (
          <EmptyState
            title="Could not load the outbox"
            description={outbox.error.message}
            action={<Button onPress={() => outbox.refetch()}>Retry</Button>}
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
                Load older mails
              </Button>
            )}
          </>
        )}
      </div>
    </Page>
  );
}
