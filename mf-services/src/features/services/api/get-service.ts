import { Service } from "@contracts/services.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * GET /api/services/:id → one of the caller's services. The server decides what may be opened:
 * 404 `not_found` for someone else's or an unknown id, 403 `service_suspended` when suspended.
 */
export const getService = (id: string, signal?: AbortSignal) =>
  api.get(`/api/services/${encodeURIComponent(id)}`, Service, { signal });

export const serviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.services.one(id),
    queryFn: ({ signal }) => getService(id, signal),
  });

export const useService = (id: string) => useQuery(serviceQueryOptions(id));
