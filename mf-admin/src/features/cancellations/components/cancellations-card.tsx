import {
  Badge,
  Card,
  Cell,
  formatDateTime,
  formatEur,
  Row,
  Skeleton,
  shortId,
  Table,
  TableBody,
} from "@hosting-portal/shared-ui";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader } from "../../../lib/admin-table";
import { useCancellations } from "../api/get-cancellations";

const MODE = { period_end: "At period end", now: "Now" } as const;
const STATE = {
  scheduled: { label: "Scheduled", tone: "warning" },
  undone: { label: "Undone", tone: "neutral" },
  done: { label: "Server deleted", tone: "danger" },
} as const;

/** Customers' cancellations with the reason they chose, newest first. */
export function CancellationsCard() {
  const { data, isError } = useCancellations();
  return (
    <Card
      title="Cancellations"
      description="What customers cancelled, how, and the reason they chose (the latest 200)."
    >
      {isError && <p className={styles.muted}>Cancellations cannot be read right now.</p>}
      {!data && !isError && <Skeleton height={80} />}
      {data && (
        <Table aria-label="Cancellations">
          <AdminTableHeader
            columns={["Customer", "Product", "Mode", "Reason", "Credited", "State", "Requested"]}
          />
          <TableBody items={data.cancellations} dependencies={[]} emptyText="No cancellations yet.">
            {(c) => (
              <Row id={c.id}>
                <Cell>
                  <div className={styles.stack}>
                    <span className={styles.primaryText}>{c.user_email}</span>
                    <span className={styles.muted}>Order {shortId(c.order_id)}</span>
                  </div>
                </Cell>
                <Cell>{c.product_name}</Cell>
                <Cell>{MODE[c.mode]}</Cell>
                <Cell>
                  <div className={styles.stack}>
                    <span>{c.reason}</span>
                    {c.comment && <span className={styles.muted}>{c.comment}</span>}
                  </div>
                </Cell>
                <Cell>
                  <span className={styles.money}>{formatEur(c.refunded)}</span>
                </Cell>
                <Cell>
                  <Badge tone={STATE[c.state].tone}>{STATE[c.state].label}</Badge>
                </Cell>
                <Cell>
                  <span className={styles.date}>{formatDateTime(c.created_at)}</span>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
