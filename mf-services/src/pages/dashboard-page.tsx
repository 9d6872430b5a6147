import { EmptyState, Page, PageHeader } from "shared-ui";

/** /dashboard (SPEC §2). Skeleton from the portal-frame issue; the services issue fills it. */
export default function DashboardPage() {
  return (
    <Page>
      <PageHeader title="Dashboard" description="Your servers at a glance." />
      <EmptyState title="No services found. Contact an administrator to get started." />
    </Page>
  );
}
