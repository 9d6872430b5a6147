import { Profile } from "@contracts/account.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../query/query-keys";
import { api } from "../session/session-api";

export const getProfile = (signal?: AbortSignal) =>
  api.get("/api/account/profile", Profile, { signal });

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.profile,
    queryFn: ({ signal }) => getProfile(signal),
  });

/** The caller's profile (username, email, credits); kept live by useUserEvents. */
export const useProfile = () => useQuery(profileQueryOptions());
