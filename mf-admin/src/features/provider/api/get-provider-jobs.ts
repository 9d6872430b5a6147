import { ProviderJobList } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Beside driftKey (see there why it is not in shared-ui's queryKeys). */
export const providerJobsKey = ["admin", "provider", "jobs"] as const;

export const getProviderJobs = (signal?: AbortSignal) =>
  api.get("/api/admin/provider/jobs", ProviderJobList, { signal });

export const providerJobsQueryOptions = () =>
  queryOptions({
    queryKey: providerJobsKey,
    queryFn: ({ signal }) => getProviderJobs(signal),
    // The jobs run in the API's background: every visit reads them again, an open page polls.
    staleTime: 0,
    refetchInterval: 30_000,
  });

/** Provider jobs (create, power, delete) that keep failing or failed for good. */
export const useProviderJobs = () => useQuery(providerJobsQueryOptions());
