import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useAudit } from "../features/audit/api/get-audit";
import { AuditTable } from "../features/audit/components/audit-table";
import { useT } from "../i18n";
import * as styles from "../lib/admin.css";

/** /admin/audit: the append-only record of every admin action and money movement. */
export default function AuditPage() {
  const t = useT();
  const audit = useAudit();
  return (
    <Page>
      <PageHeader title={t("audit.title")} description={t("audit.description")} />
      <div className={styles.tablePanel}>
        {audit.isPending ? (
          <Skeleton height="240px" />
        ) : audit.isError ? (
          <EmptyState
            title={t("audit.loadFailed")}
            description={audit.error.message}
            action={<Button onPress={() => audit.refetch()}>{t("list.retry")}</Button>}
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
                {t("audit.loadOlder")}
              </Button>
            )}
          </>
        )}
      </div>
    </Page>
  );
}
