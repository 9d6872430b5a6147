import { AdminServiceList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The list comes a page at a time (issue 18); these screens show all of it, so the pages are
 * followed to the end (no page repeats or misses a row, even if rows are added meanwhile).
 */
export const getServices = async (signal?: AbortSignal): Promise<AdminServiceList> => {
  const first = await api.get("/api/admin/services", AdminServiceList, { signal });
  const services = [...first.services];
  let cursor = first.next_cursor;
  while (cursor) {
    const page = await api.get(
      `/api/admin/services?cursor=${encodeURIComponent(cursor)}`,
      AdminServiceList,
      { signal },
    );
    services.push(...page.services);
    cursor = page.next_cursor;
  }
  return { services, next_cursor: null };
};

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.services.admin,
    queryFn: ({ signal }) => getServices(signal),
    select: (data) => data.services,
  });

/** SPEC §7: all services with the owner's username/email and the order link. */
export const useServices = () => useQuery(servicesQueryOptions());
