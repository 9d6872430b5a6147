import { EndedSessions } from "@contracts/sessions.ts";
import { api } from "@hosting-portal/shared-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionsKey } from "./get-sessions";

/** DELETE /api/auth/sessions/{id} → 204: that device is signed out at once. */
export const endSession = (id: string) => api.delete(`/api/auth/sessions/${id}`);

/** POST /api/auth/sessions/end-others → how many sessions ended; this one stays. */
export const endOtherSessions = () =>
  api.post("/api/auth/sessions/end-others", undefined, EndedSessions);

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};

export const useEndOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
};
