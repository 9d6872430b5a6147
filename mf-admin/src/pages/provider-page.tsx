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
  if (query.isPending) return <Skeleton height="160px" />;
  if (query.isError)
    return (
      <EmptyState
        title={errorTitle}
        description={query.error.message}
        action={<Button onPress={() => query.refetch()}>Retry</Button>}
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
  const drift = useDrift();
  const jobs = useProviderJobs();
  return (
    <Page>
      <PageHeader
        title="Provider"
        description="Servers the provider and the portal disagree about, and provider jobs that keep failing."
      />
      <Card
        as="section"
        title="Drift"
        description={
          drift.data &&
          (drift.data.checked_at
            ? `Compared with the provider's servers ${formatDateTime(drift.data.checked_at)}.`
            : "Not compared with the provider's servers yet.")
        }
      >
        <Loaded query={drift} errorTitle="Could not load the drift report">
          {(report) => (
            <div className={styles.blocks}>
              {report.items.length > 0 && (
                <p className={styles.note}>
                  Nothing is deleted automatically: check each server, then remove it at the
                  provider or remove the service.
                </p>
              )}
              <DriftTable
                items={report.items}
                emptyText={
                  report.checked_at
                    ? "No drift: every server at the provider belongs to a service."
                    : "Nothing to show before the first comparison."
                }
              />
            </div>
          )}
        </Loaded>
      </Card>
      <Card as="section" title="Failing provider jobs">
        <Loaded query={jobs} errorTitle="Could not load the provider jobs">
          {(list) => <ProviderJobsTable jobs={list.jobs} />}
        </Loaded>
      </Card>
    </Page>
  );
}
