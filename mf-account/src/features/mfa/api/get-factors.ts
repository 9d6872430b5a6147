import { FactorList } from "@contracts/factors.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/auth/factors: the caller's factors, verified or not, oldest first. */
export const getFactors = () => api.get("/api/auth/factors", FactorList);

export const factorsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.mfa.factors, queryFn: getFactors, select: (d) => d.factors });

export const useFactors = () => useQuery(factorsQueryOptions());
