import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { OrdersTable } from "../features/orders/components/orders-table";

/** /orders (SPEC §2). */
export default function OrdersPage() {
  return (
    <Page>
      <PageHeader title="Orders" description="Your orders, their expiry and renewal." />
      <OrdersTable />
    </Page>
  );
}
