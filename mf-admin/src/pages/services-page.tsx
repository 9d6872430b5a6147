import { ServiceStatus } from "@contracts/common.ts";
import { useServicePages } from "../features/services/api/get-services";
import { CreateServiceDialog } from "../features/services/components/create-service-dialog";
import { serviceStatusLabel } from "../features/services/components/service-status";
import { ServicesTable } from "../features/services/components/services-table";
import { statusFilter, typeFilter } from "../lib/admin-list";
import { AdminListPage } from "../lib/admin-list-page";

/** The filters AdminServiceQuery takes besides the search. */
const filters = [typeFilter, statusFilter(ServiceStatus.options, serviceStatusLabel)];

/**
 * /admin/services (SPEC §2): every service with owner and order; create, status, link, remove,
 * and the provider lifecycle's steps: retry a failed provisioning, complete a dedicated set-up.
 */
export default function ServicesPage() {
  return (
    <AdminListPage
      title="Manage Services"
      description="Every service with its owner and order."
      create={{
        label: "Create service",
        dialog: (onClose) => <CreateServiceDialog onClose={onClose} />,
      }}
      filters={filters}
      usePages={useServicePages}
      rowsOf={(page) => page.services}
      noun="service"
      searchDescription="IPv4, owner's email, reseller id, or the start of the id"
    >
      {(rows) => <ServicesTable services={rows} />}
    </AdminListPage>
  );
}
