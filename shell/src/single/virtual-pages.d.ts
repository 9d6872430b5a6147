declare module "virtual:portal-single-pages" {
  import type { PagePrefetch } from "@contracts/remote-registry.ts";
  import type { ComponentType } from "react";
  /** Every remote's exposed page module by federation id ("mf_services/DashboardPage"). */
  export const pages: Record<string, { default: ComponentType; prefetch?: PagePrefetch }>;
}
