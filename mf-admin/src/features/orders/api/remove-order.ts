import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** SPEC §4: the server deletes the linked services, then the order. */
export const removeOrder = (orderId: string) => api.delete(`/api/admin/orders/${orderId}`);

export const useRemoveOrder = () =>
  useAdminMutation(removeOrder, messages.t("orders.removeFailed"));
