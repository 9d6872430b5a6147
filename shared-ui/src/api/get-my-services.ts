import { ServiceList } from "@contracts/services.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const getMyServices = (signal?: AbortSignal) =>
  api.get("/api/services", ServiceList, { signal });

export const myServicesQueryOptions = () =>
  queryOptions({
    queryKey: ["services", "mine"] as const,
    queryFn: ({ signal }) => getMyServices(signal),
    select: (data) => data.services,
  });

/** The caller's services (side navigation 'My Services', dashboard). */
export const useMyServices = () => useQuery(myServicesQueryOptions());
