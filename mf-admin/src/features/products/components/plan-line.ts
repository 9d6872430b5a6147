import type { ProductPlan } from "@contracts/admin.ts";

/** A plan on one line: "Debian12 · 2 cores · 4096 MB · 80 GB · 1 IPv4". */
export function planLine(plan: ProductPlan): string {
  const cores = `${plan.cpu_cores} ${plan.cpu_cores === 1 ? "core" : "cores"}`;
  return [
    plan.template,
    cores,
    `${plan.memory_mb} MB`,
    `${plan.disk_gb} GB`,
    `${plan.ipv4_count} IPv4`,
  ].join(" · ");
}
