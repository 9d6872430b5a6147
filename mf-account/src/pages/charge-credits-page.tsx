import { EmptyState, Page, PageHeader, useCan } from "@hosting-portal/shared-ui";
import { ChargeCreditsForm } from "../features/billing/components/charge-credits-form";
import { useT } from "../i18n";

/** /charge-credits (SPEC §2). A technical or read-only member is told why there is no form. */
export default function ChargeCreditsPage() {
  const t = useT();
  const mayTopUp = useCan("topUp");
  return (
    <Page>
      <PageHeader title={t("charge.title")} description={t("charge.description")} />
      {mayTopUp && <ChargeCreditsForm />}
      {mayTopUp === false && <EmptyState title={t("charge.roleRefused")} />}
    </Page>
  );
}
