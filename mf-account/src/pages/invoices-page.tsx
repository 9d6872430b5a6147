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

type Documented = Transaction & { document: TransactionDocument };

const NONE = "No invoices yet. Charging credits or buying a server issues one.";

/**
 * /invoices: the caller's invoices, receipts and credit notes in one place, newest first, each as
 * its PDF. They are the documents of the transactions (GET /api/billing/transactions), so the page
 * reads the same pages as /transactions and shares their cache; "Load more" reads older ones.
 */
export default function InvoicesPage() {
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
  else if (!data) body = <EmptyState title="Could not load your invoices. Please try again." />;
  else if (documents.length === 0 && !hasNextPage) body = <EmptyState title={NONE} />;
  else
    body = (
      <div className={styles.stack}>
        {documents.length === 0 ? (
          <p className={styles.hint}>No invoices among your latest transactions.</p>
        ) : (
          <Table aria-label="Invoices">
            <TableHeader>
              <Column isRowHeader>Document</Column>
              <Column>Date</Column>
              <Column>Amount</Column>
            </TableHeader>
            <TableBody<Documented> items={documents} dependencies={[]} emptyText={NONE}>
              {(t) => (
                <Row id={t.id}>
                  <Cell>
                    <DocumentDownload document={t.document} />
                  </Cell>
                  <Cell>{formatDateTime(t.created_at)}</Cell>
                  <Cell>
                    <span className={styles.amountCell}>{formatEur(t.amount)}</span>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {isFetchNextPageError && (
          <p role="alert" className={styles.hint}>
            Could not load more invoices. Please try again.
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
  return (
    <Page>
      <PageHeader
        title="Invoices"
        description="Your invoices, receipts and credit notes, newest first, each as a PDF."
      />
      {body}
    </Page>
  );
}
