import type { PagePrefetch } from "@contracts/remote-registry.ts";
import { Page, PageHeader, queryClient } from "@hosting-portal/shared-ui";
import { autoRenewQueryOptions } from "../features/orders/api/get-auto-renew";
import { ordersQueryOptions } from "../features/orders/api/get-orders";
import { OrdersTable } from "../features/orders/components/orders-table";
import { useT } from "../i18n";

/** The page's reads, started by the shell before it renders (PagePrefetch). */
export const prefetch: PagePrefetch = async () => {
  const orders = ordersQueryOptions();
  await queryClient.prefetchInfiniteQuery(orders);
  // Every order's row has an auto-renew switch, which reads the caller's list.
  const loaded = queryClient.getQueryData(orders.queryKey);
  if (loaded?.pages.some((page) => page.orders.length > 0))
    await queryClient.prefetchQuery(autoRenewQueryOptions());
};

/** /orders (SPEC §2). */
export default function OrdersPage() {
  const t = useT();
  return (
    <Page>
      <PageHeader title={t("orders.title")} description={t("orders.description")} />
      <OrdersTable />
    </Page>
  );
}
