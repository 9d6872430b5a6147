import { ServiceStatus } from "@contracts/common.ts";
import { useMemo } from "react";
import { useServicePages } from "../features/services/api/get-services";
import { CreateServiceDialog } from "../features/services/components/create-service-dialog";
import { useServiceStatusLabels } from "../features/services/components/service-status";
import { ServicesTable } from "../features/services/components/services-table";
import { useT } from "../i18n";
import { type ListFilter, statusFilter, typeFilter } from "../lib/admin-list";
import { AdminListPage } from "../lib/admin-list-page";

/**
 * /admin/services (SPEC §2): every service with owner and order; create, status, link, remove,
 * and the provider lifecycle's steps: retry a failed provisioning, complete a dedicated set-up.
 */
export default function ServicesPage() {
  const t = useT();
  const statusLabels = useServiceStatusLabels();
  /** The filters AdminServiceQuery takes besides the search, in the page's language. */
  const filters = useMemo<readonly ListFilter[]>(
    () => [typeFilter(t), statusFilter(ServiceStatus.options, statusLabels, t)],
    [t, statusLabels],
  );
  return (
    <AdminListPage
      title={t("services.title")}
      description={t("services.description")}
      create={{
        label: t("services.create"),
        dialog: (onClose) => <CreateServiceDialog onClose={onClose} />,
      }}
      filters={filters}
      usePages={useServicePages}
      rowsOf={(page) => page.services}
      noun="service"
      searchDescription={t("services.searchDescription")}
    >
      {(rows) => <ServicesTable services={rows} />}
    </AdminListPage>
  );
}
