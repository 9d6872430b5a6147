import { ApiTokenList, type CreateApiTokenBody, CreatedApiToken } from "@contracts/api-tokens.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** Only Settings shows the tokens: the key stays in this remote, under the account's. */
export const apiTokensKey = [...queryKeys.account.all, "api-tokens"] as const;

/** GET /api/account/api-tokens: the caller's tokens that still work, newest first. */
export const getApiTokens = (signal?: AbortSignal) =>
  api.get("/api/account/api-tokens", ApiTokenList, { signal });

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: apiTokensKey,
    queryFn: ({ signal }) => getApiTokens(signal),
    select: (d) => d.tokens,
  });

export const useApiTokens = () => useQuery(apiTokensQueryOptions());

/** POST /api/account/api-tokens → the token itself, in this answer only. */
export const useCreateApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      api.post("/api/account/api-tokens", body, CreatedApiToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
};

/** DELETE /api/account/api-tokens/{id} → 204: refused at once from then on. */
export const useRevokeApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/account/api-tokens/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
};
