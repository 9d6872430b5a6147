import { Page, PageHeader } from "shared-ui";

/** /admin/users (SPEC §2). Skeleton from the portal-frame issue; the admin issue fills it. */
export default function UsersPage() {
  return (
    <Page>
      <PageHeader
        title="Manage Users"
        description="All customers, newest first, with credit management."
      />
    </Page>
  );
}
