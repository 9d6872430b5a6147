import type { AuditEntry } from "@contracts/admin.ts";
import { Cell, formatDateTime, Row, shortId, Table, TableBody } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader } from "../../../lib/admin-table";

const show = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);

/**
 * The log's rows. Who, the action's and the entity's codes and the values before and after are
 * the record as written (codes and data, the same in every language), so they are not translated.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useT();
  return (
    <Table aria-label={t("audit.table")}>
      <AdminTableHeader
        columns={[
          t("audit.col.when"),
          t("audit.col.who"),
          t("audit.col.action"),
          t("audit.col.entity"),
          t("audit.col.before"),
          t("audit.col.after"),
        ]}
      />
      <TableBody items={entries} dependencies={[t]} emptyText={t("audit.empty")}>
        {(e) => (
          <Row id={e.id}>
            <Cell>
              <span className={`${styles.muted} ${styles.date}`}>
                {formatDateTime(e.created_at)}
              </span>
            </Cell>
            <Cell>
              <span translate="no">{e.actor_label}</span>
            </Cell>
            <Cell>
              <span className={styles.mono} translate="no">
                {e.action}
              </span>
            </Cell>
            <Cell>
              <span className={styles.mono} translate="no">
                {e.entity}
                {e.entity_id ? ` ${shortId(e.entity_id)}` : ""}
              </span>
            </Cell>
            <Cell>
              <pre className={styles.json} translate="no">
                {show(e.before)}
              </pre>
            </Cell>
            <Cell>
              <pre className={styles.json} translate="no">
                {show(e.after)}
              </pre>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
