import { CANCEL_REASONS } from "@contracts/plan-changes.ts";
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

/**
 * The reason a customer chose, in the page's language: the API keeps the contract's English value
 * (CANCEL_REASONS), worded here by its place in that list as the service page offers it; a reason
 * the list no longer has shows as it was recorded.
 */
function reasonLabel(reason: string, t: ReturnType<typeof useT>): string {
  const index = (CANCEL_REASONS as readonly string[]).indexOf(reason);
  return index < 0 ? reason : t(`cancellations.reason.${index as 0 | 1 | 2 | 3 | 4 | 5}`);
}

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
                    <span>{reasonLabel(c.reason, t)}</span>
                    {/* The customer's own words. */}
                    {c.comment && (
                      <span className={styles.muted} translate="no">
                        {c.comment}
                      </span>
                    )}
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
