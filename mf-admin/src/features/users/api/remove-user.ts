import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const removeUser = (userId: string) => api.delete(`/api/admin/users/${userId}`);

export const useRemoveUser = () => useAdminMutation(removeUser, messages.t("users.removeFailed"));
