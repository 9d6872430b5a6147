import { ProviderTemplates } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * Not in shared-ui's queryKeys: only this remote reads the provider's lists and no admin write
 * changes them, and a key there would make this release need a newer shared-ui in the shell.
 */
export const providerTemplatesKey = ["admin", "provider", "templates"] as const;

/** The systems the provider can install; 502 (providerUnavailable) when it does not answer. */
export const getProviderTemplates = (signal?: AbortSignal) =>
  api.get("/api/admin/provider/templates", ProviderTemplates, { signal });

export const providerTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: providerTemplatesKey,
    queryFn: ({ signal }) => getProviderTemplates(signal),
    select: (data) => data.templates,
    // The provider's list changes rarely; a form opened again within minutes reuses it.
    staleTime: 5 * 60_000,
    // The API has already waited for the provider: the form says it did not answer at once and
    // offers Retry, instead of keeping the admin at "Loading" through two more attempts.
    retry: false,
  });

/** The Template choices of a VPS product's plan. */
export const useProviderTemplates = () => useQuery(providerTemplatesQueryOptions());
