import { NotificationSettings } from "@contracts/notifications.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const notificationSettingsKey = [...queryKeys.account.all, "notifications"] as const;

/** GET /api/account/notifications — the caller's email choices. */
export const getNotificationSettings = (signal?: AbortSignal) =>
  api.get("/api/account/notifications", NotificationSettings, { signal });

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());
