import { useNavigate, useParams } from "@hosting-portal/router";
import { Page, PageHeader, Skeleton, shortServiceId } from "@hosting-portal/shared-ui";
import { useEffect } from "react";
import { useService } from "../features/services/api/get-service";
import { LiveStats } from "../features/services/components/live-stats";
import { ProcessorPanel } from "../features/services/components/processor-panel";
import { ServiceControls } from "../features/services/components/service-controls";
import { ServiceDetails } from "../features/services/components/service-details";
import { reportServiceError } from "../features/services/components/service-errors";
import * as styles from "../features/services/components/services.css";

/**
 * /service/:id (SPEC §2). The API decides what may be opened; a refusal (someone else's service,
 * a suspended one) shows its toast and goes back to the dashboard.
 */
export default function ServicePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data: service, error } = useService(id);

  useEffect(() => {
    if (error && reportServiceError(error).leave) navigate("/dashboard", { replace: true });
  }, [error, navigate]);

  if (!service) {
    return (
      <Page>
        <PageHeader title="Service" description="Control and live statistics for one service." />
        {!error && <Skeleton height={220} />}
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader
        title={`${service.service_type.toUpperCase()} ${shortServiceId(service.id)}`}
        description={`Server at ${service.ipv4}`}
      />
      <div className={styles.grid}>
        <ServiceDetails service={service} />
        {service.service_type === "dedicated" && <ProcessorPanel cpu={service.cpu} />}
        <ServiceControls service={service} />
        <LiveStats />
      </div>
    </Page>
  );
}
