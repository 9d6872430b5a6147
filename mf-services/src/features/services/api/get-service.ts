import { queryOptions, useQuery } from "@tanstack/react-query";
import { myServicesQueryOptions } from "shared-ui";

/**
 * The pattern for reads: a fetcher, its query options and a hook in one file. One service of
 * the caller, taken from the shared 'My Services' query (the side navigation already loads it),
 * so opening a service page costs no extra request.
 */
export const serviceQueryOptions = (id: string) =>
  queryOptions({
    ...myServicesQueryOptions(),
    select: (data) => data.services.find((s) => s.id === id) ?? null,
  });

export const useService = (id: string) => useQuery(serviceQueryOptions(id));
