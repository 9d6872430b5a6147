import { Button, Card, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { usePayments } from "../features/payments/api/get-payments";
import { AttentionItemView } from "../features/payments/components/attention-item";
import * as styles from "../features/payments/components/payments.css";

/**
 * /admin/payments: PayPal payments the portal could not settle on its own (a capture that does not
 * match its top-up, an open dispute, a refund larger than the balance, a refund PayPal could not
 * pay or made in another currency), each with what to do, the action that closes it and its
 * audit trail; then what was closed in the last 30 days.
 */
export default function PaymentsPage() {
  const list = usePayments();
  const open = list.data?.items.filter((i) => i.status === "open") ?? [];
  const closed = list.data?.items.filter((i) => i.status === "closed") ?? [];
  return (
    <Page>
      <PageHeader
        title="Payments"
        description="PayPal payments needing attention: what happened, what to do, and who did what."
      />
      {list.isPending ? (
        <Skeleton height="160px" />
      ) : list.isError ? (
        <EmptyState
          title="Could not load the payments"
          description={list.error.message}
          action={<Button onPress={() => list.refetch()}>Retry</Button>}
        />
      ) : (
        <>
          <Card as="section" title="Needs attention">
            {open.length === 0 ? (
              <p>Nothing needs attention: every PayPal payment is settled.</p>
            ) : (
              <ul className={styles.list} aria-label="Needs attention">
                {open.map((item) => (
                  <AttentionItemView key={item.id} item={item} />
                ))}
              </ul>
            )}
          </Card>
          {closed.length > 0 && (
            <Card as="section" title="Closed in the last 30 days">
              <ul className={styles.list} aria-label="Closed in the last 30 days">
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
