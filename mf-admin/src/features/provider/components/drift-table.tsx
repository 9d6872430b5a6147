import type { DriftItem } from "@contracts/admin.ts";
import { Cell, formatDateTime, Row, Table, TableBody } from "@hosting-portal/shared-ui";
import { useMemo } from "react";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader, NameAndDetail } from "../../../lib/admin-table";
import { ServiceLink } from "./service-link";

const problems: Record<DriftItem["kind"], { name: string; detail: string }> = {
  unknown_server: {
    name: "Unknown server",
    detail: "The provider runs it; no service knows it.",
  },
  missing_server: {
    name: "Server gone",
    detail: "The service's server is not at the provider.",
  },
};

/** The drift report's rows; the API identifies each by its kind and server. */
export function DriftTable({ items, emptyText }: { items: DriftItem[]; emptyText: string }) {
  // TableBody keeps a row per item object: one object per report item, made again only when a
  // refetch brings a changed report (React Query keeps unchanged data the same object).
  const rows = useMemo(
    () => items.map((item) => ({ ...item, id: `${item.kind}-${item.vm_id}` })),
    [items],
  );
  return (
    <Table aria-label="Drift">
      <AdminTableHeader
        columns={["VM id", "Problem", "Service", "Owner", "First seen", "Last seen"]}
      />
      <TableBody items={rows} dependencies={[]} emptyText={emptyText}>
        {(d) => (
          <Row id={d.id}>
            <Cell>
              <span className={styles.mono}>{d.vm_id}</span>
            </Cell>
            <Cell>
              <NameAndDetail name={problems[d.kind].name} detail={problems[d.kind].detail} />
            </Cell>
            <Cell>
              <ServiceLink serviceId={d.service_id} />
            </Cell>
            <Cell>{d.email ?? <span className={styles.muted}>—</span>}</Cell>
            <Cell>
              <span className={styles.date}>{formatDateTime(d.first_seen)}</span>
            </Cell>
            <Cell>
              <span className={styles.date}>{formatDateTime(d.last_seen)}</span>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
