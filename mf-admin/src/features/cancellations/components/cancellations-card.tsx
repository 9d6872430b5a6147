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
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { AdminTableHeader } from "../../../lib/admin-table";
import { useCancellations } from "../api/get-cancellations";

const TONE = { scheduled: "warning", undone: "neutral", done: "danger" } as const;

/** Customers' cancellations with the reason they chose, newest first. */
export function CancellationsCard() {
  const t = useT();
  const { data, isError } = useCancellations();
  return (
    <Card title={t("cancellations.title")} description={t("cancellations.description")}>
      {isError && <p className={styles.muted}>{t("cancellations.loadFailed")}</p>}
      {!data && !isError && <Skeleton height={80} />}
      {data && (
        <Table aria-label={t("cancellations.title")}>
          <AdminTableHeader
            columns={[
              t("cancellations.col.customer"),
              t("cancellations.col.product"),
              t("cancellations.col.mode"),
              t("cancellations.col.reason"),
              t("cancellations.col.credited"),
              t("cancellations.col.state"),
              t("cancellations.col.requested"),
            ]}
          />
          <TableBody
            items={data.cancellations}
            dependencies={[t]}
            emptyText={t("cancellations.empty")}
          >
            {(c) => (
              <Row id={c.id}>
                <Cell>
                  <div className={styles.stack}>
                    <span className={styles.primaryText}>{c.user_email}</span>
                    <span className={styles.muted}>
                      {t("cancellations.order", { id: shortId(c.order_id) })}
                    </span>
                  </div>
                </Cell>
                <Cell>{c.product_name}</Cell>
                <Cell>{t(`cancellations.mode.${c.mode}`)}</Cell>
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
                  <Badge tone={TONE[c.state]}>{t(`cancellations.state.${c.state}`)}</Badge>
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
