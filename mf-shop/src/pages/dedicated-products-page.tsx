import { EmptyState, Page, PageHeader } from "shared-ui";

/** /products/dedicated (SPEC §2). Skeleton from the portal-frame issue; the shop issue fills it. */
export default function DedicatedProductsPage() {
  return (
    <Page>
      <PageHeader
        title="Dedicated Servers"
        description="Bare-metal servers, billed monthly in credits."
      />
      <EmptyState title="No dedicated server products available yet" />
    </Page>
  );
}
