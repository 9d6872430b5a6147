import type { PagePrefetch } from "@contracts/remote-registry.ts";
import { useNavigate, useParams } from "@hosting-portal/router";
import {
  Page,
  PageHeader,
  queryClient,
  Skeleton,
  shortServiceId,
  useCan,
} from "@hosting-portal/shared-ui";
import { useEffect } from "react";
import { serviceQueryOptions, useService } from "../features/services/api/get-service";
import { LiveStats } from "../features/services/components/live-stats";
import { ManageServer } from "../features/services/components/manage-server/manage-server";
import { PlanPanel } from "../features/services/components/plan-panel";
import { ProcessorPanel } from "../features/services/components/processor-panel";
import { ProvisioningPanel } from "../features/services/components/provisioning-panel";
import { RootPasswordPanel } from "../features/services/components/root-password-panel";
import { ServiceControls } from "../features/services/components/service-controls";
import { ServiceDetails } from "../features/services/components/service-details";
import { reportServiceError } from "../features/services/components/service-errors";
import { ServiceHistoryPanel } from "../features/services/components/service-history";
import * as styles from "../features/services/components/services.css";
import { useT } from "../i18n";

/** The service the page shows, asked for by the shell before it renders (PagePrefetch). */
export const prefetch: PagePrefetch = ({ params }) =>
  queryClient.prefetchQuery(serviceQueryOptions(params.id ?? ""));

/**
 * /service/:id (SPEC §2). The API decides what may be opened; a refusal (someone else's service,
 * a suspended, failed or terminated one) shows its toast and goes back to the dashboard. A
 * service being set up shows its progress instead of the controls; the page's query sits under
 * `services.mine`, so the live `services` topic refreshes it and the page turns into the control
 * page by itself when the service becomes active.
 */
export default function ServicePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const { data: service, error } = useService(id);
  // What the caller's role in the account may do (the API refuses the rest with 403 anyway):
  // billing and read-only members see the server but not its controls; technical and read-only
  // members not the plan change and cancellation, which move money.
  const mayControl = useCan("controlServers");
  const mayChangePlan = useCan("changePlan");

  useEffect(() => {
    if (error && reportServiceError(error).leave) navigate("/dashboard", { replace: true });
  }, [error, navigate]);

  if (!service) {
    return (
      <Page>
        <PageHeader title={t("service.title")} description={t("service.description")} />
        {!error && <Skeleton height={220} />}
      </Page>
    );
  }
  const provisioning = service.service_status === "provisioning";
  return (
    <Page>
      <PageHeader
        title={`${service.service_type.toUpperCase()} ${shortServiceId(service.id)}`}
        description={service.ipv4 ? t("service.serverAt", { ip: service.ipv4 }) : undefined}
      />
      <div className={styles.grid}>
        {provisioning && <ProvisioningPanel type={service.service_type} />}
        <ServiceDetails service={service} />
        {service.service_type === "dedicated" && <ProcessorPanel cpu={service.cpu} />}
        {mayControl && <RootPasswordPanel service={service} />}
        {!provisioning && mayControl && <ServiceControls service={service} />}
        {!provisioning && mayControl && service.service_type === "vps" && (
          <ManageServer service={service} />
        )}
        {!provisioning && mayChangePlan && service.service_type === "vps" && (
          <PlanPanel service={service} />
        )}
        {!provisioning && <LiveStats service={service} />}
        {!provisioning && <ServiceHistoryPanel service={service} />}
      </div>
    </Page>
  );
}
