import { AdminUser, type CreateUserBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const createUser = (body: CreateUserBody) => api.post("/api/admin/users", body, AdminUser);

export const useCreateUser = () => useAdminMutation(createUser, "Failed to create user");
