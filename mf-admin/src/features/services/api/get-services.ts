import { AdminServiceList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getServices = (signal?: AbortSignal) =>
  api.get("/api/admin/services", AdminServiceList, { signal });

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.services.admin,
    queryFn: ({ signal }) => getServices(signal),
    select: (data) => data.services,
  });

/** SPEC §7: all services with the owner's username/email and the order link. */
export const useServices = () => useQuery(servicesQueryOptions());
