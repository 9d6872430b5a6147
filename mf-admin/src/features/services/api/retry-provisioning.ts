import { AdminService } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/**
 * A failed VPS only (409 notProvisioningFailed otherwise): the customer is charged again through
 * the shop's money path (402 when the balance does not cover it) and a new provisioning is queued.
 */
export const retryProvisioning = (serviceId: string) =>
  api.post(`/api/admin/services/${serviceId}/retry-provisioning`, undefined, AdminService);

export const useRetryProvisioning = () =>
  useAdminMutation(retryProvisioning, messages.t("services.retryFailed"));
