declare module "virtual:portal-single-pages" {
  import type { ComponentType } from "react";
  /** Every remote's exposed page by federation id ("mf_services/DashboardPage"). */
  export const pages: Record<string, ComponentType>;
}
