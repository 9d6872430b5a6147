import type { DriftItem } from "@contracts/admin.ts";
import { Cell, formatDateTime, Row, Table, TableBody } from "@hosting-portal/shared-ui";
import { useMemo } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader, NameAndDetail } from "../../../lib/admin-table";
import { ServiceLink } from "./service-link";

/** The drift report's rows; the API identifies each by its kind and server. */
export function DriftTable({ items, emptyText }: { items: DriftItem[]; emptyText: string }) {
  const t = useT();
  // TableBody keeps a row per item object: one object per report item, made again only when a
  // refetch brings a changed report (React Query keeps unchanged data the same object).
  const rows = useMemo(
    () => items.map((item) => ({ ...item, id: `${item.kind}-${item.vm_id}` })),
    [items],
  );
  return (
    <Table aria-label={t("provider.drift")}>
      <AdminTableHeader
        columns={[
          t("provider.col.vmId"),
          t("provider.col.problem"),
          t("provider.col.service"),
          t("provider.col.owner"),
          t("provider.col.firstSeen"),
          t("provider.col.lastSeen"),
        ]}
      />
      <TableBody items={rows} dependencies={[t]} emptyText={emptyText}>
        {(d) => (
          <Row id={d.id}>
            <Cell>
              <span className={styles.mono}>{d.vm_id}</span>
            </Cell>
            <Cell>
              <NameAndDetail
                name={t(`provider.problem.${d.kind}`)}
                detail={t(`provider.problemDetail.${d.kind}`)}
              />
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
