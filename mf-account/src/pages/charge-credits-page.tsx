import { Page, PageHeader } from "shared-ui";

/** /charge-credits (SPEC §2). Skeleton from the portal-frame issue; the account issue fills it. */
export default function ChargeCreditsPage() {
  return (
    <Page>
      <PageHeader title="Charge Credits" description="Top up your balance between 5 and 300 EUR." />
    </Page>
  );
}
