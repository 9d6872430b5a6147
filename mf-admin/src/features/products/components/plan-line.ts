import type { ProductPlan } from "@contracts/admin.ts";
import type { useT } from "../../../i18n";

/**
 * A plan on one line: "Debian12 · 2 cores · 4096 MB · 80 GB · 1 IPv4". The sizes are written as
 * the provider sells them and the form takes them (4096, not 4,096).
 */
export function planLine(plan: ProductPlan, t: ReturnType<typeof useT>): string {
  return t("plan.line", {
    template: plan.template,
    cores: plan.cpu_cores,
    memory: String(plan.memory_mb),
    disk: String(plan.disk_gb),
    ipv4: String(plan.ipv4_count),
  });
}
