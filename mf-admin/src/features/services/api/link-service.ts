import { AdminService } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** Links to an order of the same user; `orderId: null` unlinks. The server enforces both rules. */
export const linkService = (v: { serviceId: string; orderId: string | null }) =>
  api.put(`/api/admin/services/${v.serviceId}/order`, { order_id: v.orderId }, AdminService);

export const useLinkService = () =>
  useAdminMutation(linkService, messages.t("services.linkFailed"));
