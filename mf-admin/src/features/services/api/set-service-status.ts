import { AdminService, type ServiceStatusBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** Staff activate or suspend; suspending also powers the server off at the provider (a job). */
export const setServiceStatus = (v: { serviceId: string; status: ServiceStatusBody["status"] }) =>
  api.put(`/api/admin/services/${v.serviceId}/status`, { status: v.status }, AdminService);

export const useSetServiceStatus = () =>
  useAdminMutation(setServiceStatus, messages.t("services.updateFailed"));
