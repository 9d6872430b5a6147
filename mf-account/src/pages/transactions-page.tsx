import { EmptyState, Page, PageHeader } from "shared-ui";

/** /transactions (SPEC §2). Skeleton from the portal-frame issue; the account issue fills it. */
export default function TransactionsPage() {
  return (
    <Page>
      <PageHeader
        title="Transactions"
        description="Your payment and purchase history, newest first."
      />
      <EmptyState title="No transactions found. Make your first credit purchase to get started." />
    </Page>
  );
}
