import { ServiceStats } from "@contracts/services.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** SPEC §9: the Live Statistics panel refreshes every 2 seconds. */
export const STATS_REFRESH_MS = 2_000;

/**
 * Only the service page reads the figures, so the key is this remote's own, under
 * `services.all` so that an admin write to services refreshes it, but not under `services.mine`:
 * the live `services` topic rereads that prefix after its fetches settle, which a query polled
 * every 2 seconds would keep delaying.
 */
export const serviceStatsKey = (id: string) => [...queryKeys.services.all, "stats", id] as const;

/**
 * GET /api/services/:id/stats → the provider's current figures of an active VPS. 502
 * `provider_failed` (serviceMessages.statsUnavailable) when the provider does not answer.
 */
export const getServiceStats = (id: string, signal?: AbortSignal) =>
  api.get(`/api/services/${encodeURIComponent(id)}/stats`, ServiceStats, { signal });

export const serviceStatsQueryOptions = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: serviceStatsKey(id),
    queryFn: ({ signal }) => getServiceStats(id, signal),
    enabled,
    refetchInterval: STATS_REFRESH_MS,
    // A hidden tab asks nobody: the figures are only worth fetching while someone looks.
    refetchIntervalInBackground: false,
    // The next poll is the retry; retrying in between would only delay the error text.
    retry: false,
    // A page opened again starts from a fresh sample, not from minutes-old counters.
    gcTime: 0,
  });

export const useServiceStats = (id: string, enabled: boolean) =>
  useQuery(serviceStatsQueryOptions(id, enabled));
