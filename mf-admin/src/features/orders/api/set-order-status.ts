import type { OrderStatusBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** SPEC §4: the server sets the linked services' status in the same transaction. */
export const setOrderStatus = (v: { orderId: string; status: OrderStatusBody["status"] }) =>
  api.put(`/api/admin/orders/${v.orderId}/status`, { status: v.status });

export const useSetOrderStatus = () =>
  useAdminMutation(setOrderStatus, messages.t("orders.updateFailed"));
