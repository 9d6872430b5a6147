import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { PaymentNotices } from "../features/billing/components/payment-notices";
import { TransactionsTable } from "../features/billing/components/transactions-table";

/** /transactions (SPEC §2). */
export default function TransactionsPage() {
  return (
    <Page>
      <PageHeader
        title="Transactions"
        description="Your payment and purchase history, newest first."
      />
      <PaymentNotices showDenied />
      <TransactionsTable />
    </Page>
  );
}
