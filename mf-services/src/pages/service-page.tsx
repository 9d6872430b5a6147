import type { PagePrefetch } from "@contracts/remote-registry.ts";
import { useNavigate, useParams } from "@hosting-portal/router";
import {
  can,
  Page,
  PageHeader,
  profileQueryOptions,
  queryClient,
  Skeleton,
  shortServiceId,
  useCan,
} from "@hosting-portal/shared-ui";
import { useEffect } from "react";
import { serviceQueryOptions, useService } from "../features/services/api/get-service";
import { serviceHistoryQueryOptions } from "../features/services/api/get-service-history";
import { planOptionsQueryOptions } from "../features/services/api/plan-changes";
import {
  backupsQueryOptions,
  reinstallQueryOptions,
  reverseDnsQueryOptions,
} from "../features/services/api/server-actions";
import { LiveStats } from "../features/services/components/live-stats";
import { ManageServer } from "../features/services/components/manage-server/manage-server";
import { PlanPanel } from "../features/services/components/plan-panel";
import { ProcessorPanel } from "../features/services/components/processor-panel";
import { ProvisioningPanel } from "../features/services/components/provisioning-panel";
import { RootPasswordPanel } from "../features/services/components/root-password-panel";
import { ServiceControls } from "../features/services/components/service-controls";
import { ServiceDetails } from "../features/services/components/service-details";
import { reportServiceError } from "../features/services/components/service-errors";
import {
  FIRST_HISTORY_RANGE,
  ServiceHistoryPanel,
} from "../features/services/components/service-history";
import * as styles from "../features/services/components/services.css";
import { servicePanels } from "../features/services/service-panels";
import { useT } from "../i18n";

/**
 * Asked for by the shell before the page renders (PagePrefetch): the service, then the first
 * reads of the panels it will show for the caller's role (the profile, which holds the role, is
 * the frame's and already cached), so they leave together instead of after the service has
 * rendered. The live figures are not among them: they are polled and kept only while shown.
 */
export const prefetch: PagePrefetch = async ({ params }) => {
  const id = params.id ?? "";
  const [service, profile] = await Promise.all([
    queryClient.fetchQuery(serviceQueryOptions(id)).catch(() => undefined),
    queryClient.fetchQuery(profileQueryOptions()).catch(() => undefined),
  ]);
  if (!service) return;
  const panels = servicePanels(service, {
    control: can(profile?.role, "controlServers"),
    changePlan: can(profile?.role, "changePlan"),
  });
  const reads: Promise<void>[] = [];
  if (panels.manage)
    reads.push(
      queryClient.prefetchQuery(reinstallQueryOptions(id)),
      queryClient.prefetchQuery(reverseDnsQueryOptions(id)),
      queryClient.prefetchQuery(backupsQueryOptions(id)),
    );
  if (panels.plan) reads.push(queryClient.prefetchQuery(planOptionsQueryOptions(id)));
  if (panels.history)
    reads.push(
      queryClient.prefetchQuery(serviceHistoryQueryOptions(id, FIRST_HISTORY_RANGE, true)),
    );
  await Promise.all(reads);
};

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
  const mayControl = useCan("controlServers") === true;
  const mayChangePlan = useCan("changePlan") === true;

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
  const panels = servicePanels(service, { control: mayControl, changePlan: mayChangePlan });
  return (
    <Page>
      <PageHeader
        title={`${service.service_type.toUpperCase()} ${shortServiceId(service.id)}`}
        description={service.ipv4 ? t("service.serverAt", { ip: service.ipv4 }) : undefined}
      />
      <div className={styles.grid}>
        {panels.provisioning && <ProvisioningPanel type={service.service_type} />}
        <ServiceDetails service={service} />
        {panels.processor && <ProcessorPanel cpu={service.cpu} />}
        {panels.rootPassword && <RootPasswordPanel service={service} />}
        {panels.controls && <ServiceControls service={service} />}
        {panels.manage && <ManageServer service={service} />}
        {panels.plan && <PlanPanel service={service} />}
        {panels.stats && <LiveStats service={service} />}
        {panels.history && <ServiceHistoryPanel service={service} />}
      </div>
    </Page>
  );
}
