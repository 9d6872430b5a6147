import { Page, PageHeader } from "shared-ui";

/** /service/:id (SPEC §2). Skeleton from the portal-frame issue; the services issue fills it. */
export default function ServicePage() {
  return (
    <Page>
      <PageHeader title="Service" description="Control and live statistics for one service." />
    </Page>
  );
}
