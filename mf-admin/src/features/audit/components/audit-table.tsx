import type { AuditEntry } from "@contracts/admin.ts";
import { Cell, formatDateTime, Row, shortId, Table, TableBody } from "@hosting-portal/shared-ui";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader } from "../../../lib/admin-table";

const show = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table aria-label="Audit log">
      <AdminTableHeader columns={["When", "Who", "Action", "Entity", "Before", "After"]} />
      <TableBody items={entries} dependencies={[]} emptyText="Nothing recorded yet.">
        {(e) => (
          <Row id={e.id}>
            <Cell>
              <span className={`${styles.muted} ${styles.date}`}>
                {formatDateTime(e.created_at)}
              </span>
            </Cell>
            <Cell>{e.actor_label}</Cell>
            <Cell>
              <span className={styles.mono}>{e.action}</span>
            </Cell>
            <Cell>
              <span className={styles.mono}>
                {e.entity}
                {e.entity_id ? ` ${shortId(e.entity_id)}` : ""}
              </span>
            </Cell>
            <Cell>
              <pre className={styles.json}>{show(e.before)}</pre>
            </Cell>
            <Cell>
              <pre className={styles.json}>{show(e.after)}</pre>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
