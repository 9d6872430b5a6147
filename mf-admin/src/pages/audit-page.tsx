import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useAudit } from "../features/audit/api/get-audit";
import { AuditTable } from "../features/audit/components/audit-table";
import * as styles from "../lib/admin.css";

/** /admin/audit: the append-only record of every admin action and money movement. */
export default function AuditPage() {
  const audit = useAudit();
  return (
    <Page>
      <PageHeader
        title="Audit Log"
        description="Every admin action and every money movement: who, what, when, and the values before and after."
      />
      <div className={styles.tablePanel}>
        {audit.isPending ? (
          <Skeleton height="240px" />
        ) : audit.isError ? (
          <EmptyState
            title="Could not load the audit log"
            description={audit.error.message}
            action={<Button onPress={() => audit.refetch()}>Retry</Button>}
          />
        ) : (
          <>
            <AuditTable entries={audit.data.pages.flatMap((p) => p.entries)} />
            {audit.hasNextPage && (
              <Button
                variant="secondary"
                onPress={() => audit.fetchNextPage()}
                isPending={audit.isFetchingNextPage}
              >
                Load older entries
              </Button>
            )}
          </>
        )}
      </div>
    </Page>
  );
}
