import { api } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** SPEC §4: the server also deletes the linked order (and that order's other services). */
export const removeService = (serviceId: string) => api.delete(`/api/admin/services/${serviceId}`);

export const useRemoveService = () => useAdminMutation(removeService, "Failed to remove service");
