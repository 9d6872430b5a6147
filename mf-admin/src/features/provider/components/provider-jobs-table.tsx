import type { ProviderJobRow } from "@contracts/admin.ts";
import { Cell, formatDateTime, Row, Table, TableBody } from "@hosting-portal/shared-ui";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader, NameAndDetail } from "../../../lib/admin-table";
import { ServiceLink } from "./service-link";

const kinds: Record<ProviderJobRow["kind"], string> = {
  provision: "Create server",
  power: "Power",
  delete: "Delete server",
};

/** When the job runs again: a failed one never does (it gave up); a pending one at `run_after`. */
function nextTry(job: ProviderJobRow): string {
  if (job.state === "failed") return "Gave up";
  if (job.state === "done") return "—";
  return formatDateTime(job.run_after);
}

export function ProviderJobsTable({ jobs }: { jobs: ProviderJobRow[] }) {
  return (
    <Table aria-label="Failing provider jobs">
      <AdminTableHeader
        columns={["Job", "Service", "VM id", "Attempts", "Last error", "Next try"]}
      />
      <TableBody items={jobs} dependencies={[]} emptyText="No provider jobs are failing.">
        {(j) => (
          <Row id={j.id}>
            <Cell>
              <NameAndDetail
                name={kinds[j.kind]}
                detail={<span className={styles.date}>since {formatDateTime(j.created_at)}</span>}
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
            <Cell>{j.attempts}</Cell>
            <Cell>{j.last_error ?? <span className={styles.muted}>—</span>}</Cell>
            <Cell>
              <span className={styles.date}>{nextTry(j)}</span>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
