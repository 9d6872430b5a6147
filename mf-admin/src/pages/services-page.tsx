import { Button, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useServicePages } from "../features/services/api/get-services";
import { CreateServiceDialog } from "../features/services/components/create-service-dialog";
import { ServicesTable } from "../features/services/components/services-table";
import * as styles from "../lib/admin.css";
import { type ListFilter, useListParams } from "../lib/admin-list";
import { ListBody, ListToolbar } from "../lib/admin-list-view";

/** The filters AdminServiceQuery takes besides the search. */
const filters: readonly ListFilter[] = [
  {
    name: "type",
    label: "Filter by type",
    anyLabel: "All types",
    options: [
      { value: "vps", label: "VPS" },
      { value: "dedicated", label: "Dedicated" },
    ],
  },
  {
    name: "status",
    label: "Filter by status",
    anyLabel: "All statuses",
    options: [
      { value: "active", label: "Active" },
      { value: "suspended", label: "Suspended" },
    ],
  },
];

/** /admin/services (SPEC §2): every service with owner and order; create, status, link, remove. */
export default function ServicesPage() {
  const params = useListParams(filters);
  const services = useServicePages(params.query);
  const [creating, setCreating] = useState(false);
  return (
    <Page>
      <PageHeader
        title="Manage Services"
        description="Every service with its owner and order."
        actions={<Button onPress={() => setCreating(true)}>Create service</Button>}
      />
      <div className={styles.tablePanel}>
        <ListToolbar
          params={params}
          filters={filters}
          searchLabel="Search services"
          searchDescription="IPv4, owner's email, reseller id, or the start of the id"
        />
        <ListBody
          pages={services}
          rowsOf={(page) => page.services}
          params={params}
          noun={{ one: "service", other: "services" }}
          errorTitle="Could not load services"
        >
          {(rows) => <ServicesTable services={rows} />}
        </ListBody>
      </div>
      {creating && <CreateServiceDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
