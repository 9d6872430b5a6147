import { Page, PageHeader } from "shared-ui";

/** /settings (SPEC §2). Skeleton from the portal-frame issue; the account issue fills it. */
export default function SettingsPage() {
  return (
    <Page>
      <PageHeader title="Settings" description="Your profile, credit balance and password." />
    </Page>
  );
}
