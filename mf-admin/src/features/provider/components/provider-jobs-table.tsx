import type { ProviderJobRow } from "@contracts/admin.ts";
import {
  Cell,
  formatDateTime,
  formatNumber,
  Row,
  Table,
  TableBody,
} from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader, NameAndDetail } from "../../../lib/admin-table";
import { ServiceLink } from "./service-link";

/** When the job runs again: a failed one never does (it gave up); a pending one at `run_after`. */
function nextTry(job: ProviderJobRow, t: ReturnType<typeof useT>): string {
  if (job.state === "failed") return t("provider.gaveUp");
  if (job.state === "done") return "—";
  return formatDateTime(job.run_after);
}

export function ProviderJobsTable({ jobs }: { jobs: ProviderJobRow[] }) {
  const t = useT();
  return (
    <Table aria-label={t("provider.jobs")}>
      <AdminTableHeader
        columns={[
          t("provider.col.job"),
          t("provider.col.service"),
          t("provider.col.vmId"),
          t("provider.col.attempts"),
          t("provider.col.lastError"),
          t("provider.col.nextTry"),
        ]}
      />
      <TableBody items={jobs} dependencies={[t]} emptyText={t("provider.noJobs")}>
        {(j) => (
          <Row id={j.id}>
            <Cell>
              <NameAndDetail
                name={t(`provider.job.${j.kind}`)}
                detail={
                  <span className={styles.date}>
                    {t("provider.since", { when: formatDateTime(j.created_at) })}
                  </span>
                }
              />
            </Cell>
            <Cell>
              <ServiceLink serviceId={j.service_id} />
            </Cell>
            <Cell>
              {j.vm_id === null ? (
                <span className={styles.muted}>—</span>
              ) : (
                <span className={styles.mono}>{j.vm_id}</span>
              )}
            </Cell>
            <Cell>{formatNumber(j.attempts)}</Cell>
            <Cell>
              {/* The provider's own words. */}
              {j.last_error ? (
                <span translate="no">{j.last_error}</span>
              ) : (
                <span className={styles.muted}>—</span>
              )}
            </Cell>
            <Cell>
              <span className={styles.date}>{nextTry(j, t)}</span>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
