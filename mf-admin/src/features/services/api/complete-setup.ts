import { AdminService, type CompleteSetupBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** A dedicated server staff have set up: its address, provider id and specs; it becomes active. */
export const completeSetup = (serviceId: string, body: CompleteSetupBody) =>
  api.put(`/api/admin/services/${serviceId}/setup`, body, AdminService);

/** Bound to one service: the Complete setup dialog finishes one row. */
export const useCompleteSetup = (serviceId: string) =>
  useAdminMutation(
    (body: CompleteSetupBody) => completeSetup(serviceId, body),
    messages.t("services.setupFailed"),
  );
