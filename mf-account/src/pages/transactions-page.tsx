import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { PaymentNotices } from "../features/billing/components/payment-notices";
import { TransactionsTable } from "../features/billing/components/transactions-table";
import { useT } from "../i18n";

/** /transactions (SPEC §2). */
export default function TransactionsPage() {
  const t = useT();
  return (
    <Page>
      <PageHeader title={t("transactions.title")} description={t("transactions.description")} />
      <PaymentNotices showDenied />
      <TransactionsTable />
    </Page>
  );
}
