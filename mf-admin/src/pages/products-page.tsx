import { Page, PageHeader } from "shared-ui";

/** /admin/products (SPEC §2). Skeleton from the portal-frame issue; the admin issue fills it. */
export default function ProductsPage() {
  return (
    <Page>
      <PageHeader title="Manage Products" description="The VPS and dedicated catalogue." />
    </Page>
  );
}
