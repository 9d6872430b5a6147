import { Button, Page, PageHeader, Skeleton, useMyServices } from "@hosting-portal/shared-ui";
import { ServicesTable } from "../features/services/components/services-table";

/** /dashboard (SPEC §2): the caller's services. */
export default function DashboardPage() {
  const { data: services, isPending, isError, refetch } = useMyServices();
  return (
    <Page>
      <PageHeader title="Dashboard" description="Your servers at a glance." />
      {isPending ? (
        <Skeleton height={160} />
      ) : isError ? (
        <div role="alert">
          <p>Your services could not be loaded.</p>
          <Button variant="secondary" onPress={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ServicesTable services={services} />
      )}
    </Page>
  );
}
