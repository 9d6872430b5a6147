import { Page, PageHeader } from "shared-ui";

/** /admin/orders (SPEC §2). Skeleton from the portal-frame issue; the admin issue fills it. */
export default function OrdersPage() {
  return (
    <Page>
      <PageHeader
        title="Manage Orders"
        description="Every order with its customer, product and services."
      />
    </Page>
  );
}
