import type { Transaction } from "@contracts/billing.ts";
import type { TransactionDocument } from "@contracts/invoices.ts";
import {
  Button,
  Cell,
  Column,
  EmptyState,
  formatDateTime,
  formatEur,
  Page,
  PageHeader,
  Row,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
} from "@hosting-portal/shared-ui";
import { useTransactions } from "../features/billing/api/get-transactions";
import * as styles from "../features/billing/components/billing.css";
import { DocumentDownload } from "../features/invoices/components/document-download";
import { useT } from "../i18n";

type Documented = Transaction & { document: TransactionDocument };

/**
 * /invoices: the caller's invoices, receipts and credit notes in one place, newest first, each as
 * its PDF. They are the documents of the transactions (GET /api/billing/transactions), so the page
 * reads the same pages as /transactions and shares their cache; "Load more" reads older ones.
 */
export default function InvoicesPage() {
  const t = useT();
  const none = t("invoices.none");
  const { data, isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useTransactions();
  const documents = (data?.pages ?? [])
    .flatMap((page) => page.transactions)
    .filter((t): t is Documented => !!t.document);
  let body: React.ReactNode;
  if (isPending)
    body = (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    );
  else if (!data) body = <EmptyState title={t("invoices.loadFailed")} />;
  else if (documents.length === 0 && !hasNextPage) body = <EmptyState title={none} />;
  else
    body = (
      <div className={styles.stack}>
        {documents.length === 0 ? (
          <p className={styles.hint}>{t("invoices.noneLatest")}</p>
        ) : (
          <Table aria-label={t("invoices.tableLabel")}>
            <TableHeader>
              <Column isRowHeader>{t("col.document")}</Column>
              <Column>{t("col.date")}</Column>
              <Column>{t("col.amount")}</Column>
            </TableHeader>
            <TableBody<Documented> items={documents} dependencies={[t]} emptyText={none}>
              {(tx) => (
                <Row id={tx.id}>
                  <Cell>
                    <DocumentDownload document={tx.document} />
                  </Cell>
                  <Cell>{formatDateTime(tx.created_at)}</Cell>
                  <Cell>
                    <span className={styles.amountCell}>{formatEur(tx.amount)}</span>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {isFetchNextPageError && (
          <p role="alert" className={styles.hint}>
            {t("invoices.moreFailed")}
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
  return (
    <Page>
      <PageHeader title={t("invoices.title")} description={t("invoices.description")} />
      {body}
    </Page>
  );
}
