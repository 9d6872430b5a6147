import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { OrdersTable } from "../features/orders/components/orders-table";
import { useT } from "../i18n";

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
