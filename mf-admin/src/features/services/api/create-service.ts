import { AdminService, adminMessages, type CreateServiceBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const createService = (body: CreateServiceBody) =>
  api.post("/api/admin/services", body, AdminService);

export const useCreateService = () =>
  useAdminMutation(createService, adminMessages.createServiceFailed);
