import { AdminUser, type CreateUserBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const createUser = (body: CreateUserBody) => api.post("/api/admin/users", body, AdminUser);

export const useCreateUser = () => useAdminMutation(createUser, messages.t("users.createFailed"));
