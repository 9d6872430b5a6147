import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { ChargeCreditsForm } from "../features/billing/components/charge-credits-form";

/** /charge-credits (SPEC §2). */
export default function ChargeCreditsPage() {
  return (
    <Page>
      <PageHeader title="Charge Credits" description="Top up your balance between 5 and 300 EUR." />
      <ChargeCreditsForm />
    </Page>
  );
}
