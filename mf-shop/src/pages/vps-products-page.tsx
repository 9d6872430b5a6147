import { EmptyState, Page, PageHeader } from "shared-ui";

/** /products/vps (SPEC §2). Skeleton from the portal-frame issue; the shop issue fills it. */
export default function VpsProductsPage() {
  return (
    <Page>
      <PageHeader
        title="VPS Products"
        description="Virtual private servers, billed monthly in credits."
      />
      <EmptyState title="No VPS products available yet" />
    </Page>
  );
}
