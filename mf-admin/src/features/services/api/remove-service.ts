import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/**
 * SPEC §4: the server also deletes the linked order (and that order's other services). With
 * `deleteAtProvider` it also deletes the server at the provider, in a job that survives restarts;
 * without, the server keeps running there.
 */
export const removeService = (v: { serviceId: string; deleteAtProvider: boolean }) =>
  api.delete(
    `/api/admin/services/${v.serviceId}?${new URLSearchParams({ delete_at_provider: String(v.deleteAtProvider) })}`,
  );

export const useRemoveService = () =>
  useAdminMutation(removeService, messages.t("services.removeFailed"));
