import { billingMessages as msg, type Transaction } from "@contracts/billing.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  formatDateTime,
  formatEur,
  Row,
  Skeleton,
  shortId,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { DocumentDownload } from "../../invoices/components/document-download";
import { useTransactions } from "../api/get-transactions";
import * as styles from "./billing.css";

/**
 * /transactions: newest first, short id, amount in EUR, status, date, payment id or N/A; one page
 * at a time with "Load more", so a long history never loads at once; the row's invoice, receipt
 * or credit note as a download.
 */
export function TransactionsTable() {
  const { data, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useTransactions();
  if (isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    );
  }
  // Without data the first page failed; a failed later page keeps the rows already shown.
  if (!data) return <EmptyState title="Could not load your transactions. Please try again." />;
  const transactions = data.pages.flatMap((page) => page.transactions);
  if (transactions.length === 0) return <EmptyState title={msg.noTransactions} />;
  return (
    <div className={styles.stack}>
      <Table aria-label="Transactions">
        <TableHeader>
          <Column isRowHeader>ID</Column>
          <Column>Amount</Column>
          <Column>Status</Column>
          <Column>Date</Column>
          <Column>Payment ID</Column>
          <Column>Document</Column>
        </TableHeader>
        <TableBody<Transaction>
          items={transactions}
          dependencies={[]}
          emptyText={msg.noTransactions}
        >
          {(t) => (
            <Row id={t.id}>
              <Cell>
                <span className={styles.mono} title={t.id}>
                  {shortId(t.id)}
                </span>
              </Cell>
              <Cell>
                <span
                  className={[
                    styles.amountCell,
                    t.amount.startsWith("-") ? styles.negative : "",
                  ].join(" ")}
                >
                  {formatEur(t.amount)}
                </span>
              </Cell>
              <Cell>
                <Badge status={t.status} />
              </Cell>
              <Cell>{formatDateTime(t.created_at)}</Cell>
              <Cell>
                <span className={styles.mono}>{t.paypal_transaction_id ?? "N/A"}</span>
              </Cell>
              <Cell>{t.document ? <DocumentDownload document={t.document} /> : "N/A"}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {isFetchNextPageError && (
        <p role="alert" className={styles.hint}>
          Could not load more transactions. Please try again.
        </p>
      )}
      {hasNextPage && (
        <div>
          <Button
            variant="secondary"
            onPress={() => fetchNextPage()}
            isPending={isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
