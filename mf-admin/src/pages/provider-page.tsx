import {
  Button,
  Card,
  EmptyState,
  formatDateTime,
  Page,
  PageHeader,
  Skeleton,
} from "@hosting-portal/shared-ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useDrift } from "../features/provider/api/get-drift";
import { useProviderJobs } from "../features/provider/api/get-provider-jobs";
import { DriftTable } from "../features/provider/components/drift-table";
import { ProviderJobsTable } from "../features/provider/components/provider-jobs-table";
import { useT } from "../i18n";
import * as styles from "../lib/admin.css";

/** One list of the page: loading, its error with Retry, or the list. */
function Loaded<T>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <Skeleton height="160px" />;
  if (query.isError)
    return (
      <EmptyState
        title={errorTitle}
        description={query.error.message}
        action={<Button onPress={() => query.refetch()}>{t("list.retry")}</Button>}
      />
    );
  return children(query.data);
}

/**
 * /admin/provider: where the portal and the server provider disagree (drift), and the provider
 * work (create, power, delete) that keeps failing. Both are reports: the fixes are made at the
 * provider or in Manage Services.
 */
export default function ProviderPage() {
  const t = useT();
  const drift = useDrift();
  const jobs = useProviderJobs();
  return (
    <Page>
      <PageHeader title={t("provider.title")} description={t("provider.description")} />
      <Card
        as="section"
        title={t("provider.drift")}
        description={
          drift.data &&
          (drift.data.checked_at
            ? t("provider.checkedAt", { when: formatDateTime(drift.data.checked_at) })
            : t("provider.notChecked"))
        }
      >
        <Loaded query={drift} errorTitle={t("provider.driftFailed")}>
          {(report) => (
            <div className={styles.blocks}>
              {report.items.length > 0 && <p className={styles.note}>{t("provider.driftNote")}</p>}
              <DriftTable
                items={report.items}
                emptyText={report.checked_at ? t("provider.noDrift") : t("provider.beforeFirst")}
              />
            </div>
          )}
        </Loaded>
      </Card>
      <Card as="section" title={t("provider.jobs")}>
        <Loaded query={jobs} errorTitle={t("provider.jobsFailed")}>
          {(list) => <ProviderJobsTable jobs={list.jobs} />}
        </Loaded>
      </Card>
    </Page>
  );
}
