import { Button, Page, PageHeader, Skeleton, useMyServices } from "@hosting-portal/shared-ui";
import { useT } from "../dashboard-i18n";
import { ServicesTable } from "../features/services/components/services-table";

/** /dashboard (SPEC §2): the caller's services. */
export default function DashboardPage() {
  const t = useT();
  const { data: services, isPending, isError, refetch } = useMyServices();
  return (
    <Page>
      <PageHeader title={t("dashboard.title")} description={t("dashboard.description")} />
      {isPending ? (
        <Skeleton height={160} />
      ) : isError ? (
        <div role="alert">
          <p>{t("dashboard.loadFailed")}</p>
          <Button variant="secondary" onPress={() => void refetch()}>
            {t("tryAgain")}
          </Button>
        </div>
      ) : (
        <ServicesTable services={services} />
      )}
    </Page>
  );
}
