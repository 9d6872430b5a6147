import type { PagePrefetch } from "@contracts/remote-registry.ts";
import { Page, PageHeader, queryClient } from "@hosting-portal/shared-ui";
import { paymentNoticesQueryOptions } from "../features/billing/api/get-payment-notices";
import { transactionsQueryOptions } from "../features/billing/api/get-transactions";
import { PaymentNotices } from "../features/billing/components/payment-notices";
import { TransactionsTable } from "../features/billing/components/transactions-table";
import { useT } from "../i18n";

/** The page's reads, started by the shell before it renders (PagePrefetch). */
export const prefetch: PagePrefetch = () =>
  Promise.all([
    queryClient.prefetchInfiniteQuery(transactionsQueryOptions()),
    queryClient.prefetchQuery(paymentNoticesQueryOptions()),
  ]);

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
