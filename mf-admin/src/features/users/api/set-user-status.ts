import { AdminUser } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** Suspension blocks sign-in and ends the user's sessions on the server. */
export const setUserStatus = (v: { userId: string; status: "active" | "suspended" }) =>
  api.put(`/api/admin/users/${v.userId}/status`, { status: v.status }, AdminUser);

export const useSetUserStatus = () =>
  useAdminMutation(setUserStatus, messages.t("users.updateFailed"));
