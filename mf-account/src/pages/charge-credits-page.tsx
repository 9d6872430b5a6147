import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { ChargeCreditsForm } from "../features/billing/components/charge-credits-form";
import { useT } from "../i18n";

/** /charge-credits (SPEC §2). */
export default function ChargeCreditsPage() {
  const t = useT();
  return (
    <Page>
      <PageHeader title={t("charge.title")} description={t("charge.description")} />
      <ChargeCreditsForm />
    </Page>
  );
}
