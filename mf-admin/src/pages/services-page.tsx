import { Button, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useServices } from "../features/services/api/get-services";
import { CreateServiceDialog } from "../features/services/components/create-service-dialog";
import { ServicesTable } from "../features/services/components/services-table";
import * as styles from "../lib/admin.css";

/** /admin/services (SPEC §2): every service with owner and order; create, status, link, remove. */
export default function ServicesPage() {
  const services = useServices();
  const [creating, setCreating] = useState(false);
  return (
    <Page>
      <PageHeader
        title="Manage Services"
        description="Every service with its owner and order."
        actions={<Button onPress={() => setCreating(true)}>Create service</Button>}
      />
      <div className={styles.tablePanel}>
        {services.isPending ? (
          <Skeleton height="240px" />
        ) : services.isError ? (
          <EmptyState
            title="Could not load services"
            description={services.error.message}
            action={<Button onPress={() => services.refetch()}>Retry</Button>}
          />
        ) : (
          <ServicesTable services={services.data} />
        )}
      </div>
      {creating && <CreateServiceDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
