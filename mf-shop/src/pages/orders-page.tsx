import { Page, PageHeader } from "shared-ui";

/** /orders (SPEC §2). Skeleton from the portal-frame issue; the shop issue fills it. */
export default function OrdersPage() {
  return (
    <Page>
      <PageHeader title="Orders" description="Your orders, their expiry and renewal." />
    </Page>
  );
}
