import { ServiceList } from "@contracts/services.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../query/query-keys";
import { api } from "../session/session-api";

export const getMyServices = (signal?: AbortSignal) =>
  api.get("/api/services", ServiceList, { signal });

export const myServicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.services.mine,
    queryFn: ({ signal }) => getMyServices(signal),
    select: (data) => data.services,
  });

/** The caller's services (side navigation 'My Services', dashboard). */
export const useMyServices = () => useQuery(myServicesQueryOptions());
