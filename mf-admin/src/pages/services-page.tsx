import { Page, PageHeader } from "shared-ui";

/** /admin/services (SPEC §2). Skeleton from the portal-frame issue; the admin issue fills it. */
export default function ServicesPage() {
  return (
    <Page>
      <PageHeader title="Manage Services" description="Every service with its owner and order." />
    </Page>
  );
}
