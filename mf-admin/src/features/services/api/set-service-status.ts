import { AdminService } from "@contracts/admin.ts";
import type { ServiceStatus } from "@contracts/common.ts";
import { api } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const setServiceStatus = (v: { serviceId: string; status: ServiceStatus }) =>
  api.put(`/api/admin/services/${v.serviceId}/status`, { status: v.status }, AdminService);

export const useSetServiceStatus = () =>
  useAdminMutation(setServiceStatus, "Failed to update service");
