import { type HistoryRange, ServiceHistory } from "@contracts/history.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

/** The API samples once a minute: asking more often would only read the same points again. */
export const HISTORY_REFRESH_MS = 60_000;

/** This remote's own key, under `services.all` like the live figures' (see get-service-stats). */
export const serviceHistoryKey = (id: string, range: HistoryRange) =>
  [...queryKeys.services.all, "history", id, range] as const;

/** GET /api/services/:id/history?range= → the graphs' points and this month's traffic. */
export const getServiceHistory = (id: string, range: HistoryRange, signal?: AbortSignal) =>
  api.get(`/api/services/${encodeURIComponent(id)}/history?range=${range}`, ServiceHistory, {
    signal,
  });

export const serviceHistoryQueryOptions = (id: string, range: HistoryRange, enabled: boolean) =>
  queryOptions({
    queryKey: serviceHistoryKey(id, range),
    queryFn: ({ signal }) => getServiceHistory(id, range, signal),
    enabled,
    refetchInterval: HISTORY_REFRESH_MS,
    refetchIntervalInBackground: false,
    // The next minute's read is the retry: the API's answer does not change sooner.
    retry: false,
    // Switching ranges keeps the last graph on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useServiceHistory = (id: string, range: HistoryRange, enabled: boolean) =>
  useQuery(serviceHistoryQueryOptions(id, range, enabled));
