import type { Service } from "@contracts/services.ts";
import { showsHistory } from "./components/service-history";

/** What the caller's role in the account allows on a server (the API refuses the rest anyway). */
export interface ServerPermissions {
  /** Power, root password, reinstall, reverse DNS, backups (`controlServers`). */
  control: boolean;
  /** Plan change and cancellation, which move money (`changePlan`). */
  changePlan: boolean;
}

/**
 * Which panels /service/:id shows for a service and a role: the page renders from this, and its
 * prefetch asks for the first reads of exactly these panels. A service being set up shows its
 * progress instead of the controls; billing and read-only members see the server but not its
 * controls; technical and read-only members not the plan.
 */
export function servicePanels(service: Service, may: ServerPermissions) {
  const provisioning = service.service_status === "provisioning";
  const vps = service.service_type === "vps";
  return {
    provisioning,
    processor: service.service_type === "dedicated",
    rootPassword: may.control,
    controls: !provisioning && may.control,
    manage: !provisioning && may.control && vps,
    plan: !provisioning && may.changePlan && vps,
    stats: !provisioning,
    history: showsHistory(service),
  };
}
