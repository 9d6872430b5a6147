import { billingMessages as msg, type Transaction } from "@contracts/billing.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  contractMessage,
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
import { useT } from "../../../i18n";
import { DocumentDownload } from "../../invoices/components/document-download";
import { useTransactions } from "../api/get-transactions";
import * as styles from "./billing.css";

/**
 * /transactions: newest first, short id, amount in EUR, status, date, payment id or N/A; one page
 * at a time with "Load more", so a long history never loads at once; the row's invoice, receipt
 * or credit note as a download.
 */
export function TransactionsTable() {
  const t = useT();
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
  if (!data) return <EmptyState title={t("transactions.loadFailed")} />;
  const transactions = data.pages.flatMap((page) => page.transactions);
  if (transactions.length === 0) return <EmptyState title={contractMessage(msg.noTransactions)} />;
  return (
    <div className={styles.stack}>
      <Table aria-label={t("transactions.title")}>
        <TableHeader>
          <Column isRowHeader>{t("col.id")}</Column>
          <Column>{t("col.amount")}</Column>
          <Column>{t("col.status")}</Column>
          <Column>{t("col.date")}</Column>
          <Column>{t("col.paymentId")}</Column>
          <Column>{t("col.document")}</Column>
        </TableHeader>
        <TableBody<Transaction>
          items={transactions}
          dependencies={[t]}
          emptyText={contractMessage(msg.noTransactions)}
        >
          {(tx) => (
            <Row id={tx.id}>
              <Cell>
                <span className={styles.mono} title={tx.id}>
                  {shortId(tx.id)}
                </span>
              </Cell>
              <Cell>
                <span
                  className={[
                    styles.amountCell,
                    tx.amount.startsWith("-") ? styles.negative : "",
                  ].join(" ")}
                >
                  {formatEur(tx.amount)}
                </span>
              </Cell>
              <Cell>
                <Badge status={tx.status} />
              </Cell>
              <Cell>{formatDateTime(tx.created_at)}</Cell>
              <Cell>
                <span className={styles.mono}>{tx.paypal_transaction_id ?? t("na")}</span>
              </Cell>
              <Cell>{tx.document ? <DocumentDownload document={tx.document} /> : t("na")}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {isFetchNextPageError && (
        <p role="alert" className={styles.hint}>
          {t("transactions.moreFailed")}
        </p>
      )}
      {hasNextPage && (
        <div>
          <Button
            variant="secondary"
            onPress={() => fetchNextPage()}
            isPending={isFetchingNextPage}
          >
            {t("loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}
