import { NotificationSettings } from "@contracts/notifications.ts";
import { api } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationSettingsKey } from "./get-notification-settings";

/** PUT /api/account/notifications — saves both choices, answers what was saved. */
export const saveNotificationSettings = (body: NotificationSettings) =>
  api.put("/api/account/notifications", body, NotificationSettings);

export const useSaveNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
};
