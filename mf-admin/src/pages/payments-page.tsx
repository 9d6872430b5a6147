import { Button, Card, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { usePayments } from "../features/payments/api/get-payments";
import { AttentionItemView } from "../features/payments/components/attention-item";
import * as styles from "../features/payments/components/payments.css";
import { useT } from "../i18n";

/**
 * /admin/payments: PayPal payments the portal could not settle on its own (a capture that does not
 * match its top-up, an open dispute, a refund larger than the balance, a refund PayPal could not
 * pay or made in another currency), each with what to do, the action that closes it and its
 * audit trail; then what was closed in the last 30 days.
 */
export default function PaymentsPage() {
  const t = useT();
  const list = usePayments();
  const open = list.data?.items.filter((i) => i.status === "open") ?? [];
  const closed = list.data?.items.filter((i) => i.status === "closed") ?? [];
  return (
    <Page>
      <PageHeader title={t("payments.title")} description={t("payments.description")} />
      {list.isPending ? (
        <Skeleton height="160px" />
      ) : list.isError ? (
        <EmptyState
          title={t("payments.loadFailed")}
          description={list.error.message}
          action={<Button onPress={() => list.refetch()}>{t("list.retry")}</Button>}
        />
      ) : (
        <>
          <Card as="section" title={t("payments.needsAttention")}>
            {open.length === 0 ? (
              <p>{t("payments.nothing")}</p>
            ) : (
              <ul className={styles.list} aria-label={t("payments.needsAttention")}>
                {open.map((item) => (
                  <AttentionItemView key={item.id} item={item} />
                ))}
              </ul>
            )}
          </Card>
          {closed.length > 0 && (
            <Card as="section" title={t("payments.closedRecently")}>
              <ul className={styles.list} aria-label={t("payments.closedRecently")}>
                {closed.map((item) => (
                  <AttentionItemView key={item.id} item={item} />
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </Page>
  );
}
