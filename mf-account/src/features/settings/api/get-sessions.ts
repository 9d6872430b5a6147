import { SessionList } from "@contracts/sessions.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const sessionsKey = [...queryKeys.auth.all, "sessions"] as const;

/** GET /api/auth/sessions: the caller's sessions that still work, this one first. */
export const getSessions = (signal?: AbortSignal) =>
  api.get("/api/auth/sessions", SessionList, { signal });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => getSessions(signal),
    select: (d) => d.sessions,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());
