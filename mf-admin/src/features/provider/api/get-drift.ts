import { DriftReport } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * Not in shared-ui's queryKeys: only this page reads it, and a key there would make this
 * release need a newer shared-ui in the shell.
 */
export const driftKey = ["admin", "provider", "drift"] as const;

export const getDrift = (signal?: AbortSignal) =>
  api.get("/api/admin/provider/drift", DriftReport, { signal });

export const driftQueryOptions = () =>
  queryOptions({
    queryKey: driftKey,
    queryFn: ({ signal }) => getDrift(signal),
    // The API compares with the provider on its own schedule, not after anything done here:
    // every visit reads the report again, and an open page keeps it current.
    staleTime: 0,
    refetchInterval: 30_000,
  });

/** Servers the provider has that no service knows, and services whose server is gone. */
export const useDrift = () => useQuery(driftQueryOptions());
