import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/api-error";
import { session } from "../session/session-store";
import { pageSingleton } from "../singleton";
import { queryKeys } from "./query-keys";

function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network errors and 5xx might.
        retry: (count, err) => (err instanceof ApiError && !err.retryable ? false : count < 2),
      },
      mutations: { retry: false },
    },
  });
  // One user's data must never be shown to the next one signing in on the same tab.
  session.subscribe((event, current) => {
    if (event === "SIGNED_OUT" || event === "SIGNED_IN") client.clear();
    // Every session the API hands out (restored, signed in, refreshed) carries the user's record
    // as GET /api/auth/user would answer it: cached under that read's key, a cold load does not
    // ask for it a second time. USER_UPDATED came from that read itself.
    if (current && event !== "USER_UPDATED" && event !== "SIGNED_OUT")
      client.setQueryData(queryKeys.auth.user, { user: current.user });
  });
  return client;
}

/** The one query cache of the portal, shared by the shell and every remote. */
export const queryClient: QueryClient = pageSingleton("__portalQueryClient", createQueryClient);
