import type { AdminService } from "@contracts/admin.ts";
import { shortId } from "@hosting-portal/shared-ui";

/** A service's address in button labels; the start of its id while it has none (provisioning). */
export const serviceAddress = (s: Pick<AdminService, "id" | "ipv4">) => s.ipv4 ?? shortId(s.id);

/** A service in texts: "VPS 203.0.113.10", or "VPS 4e5f6a7b" before it has an address. */
export const serviceName = (s: Pick<AdminService, "id" | "ipv4" | "service_type">) =>
  `${s.service_type.toUpperCase()} ${serviceAddress(s)}`;
