import {
  type CancelBody,
  CancellationResult,
  PlanChangeResult,
  PlanOptions,
} from "@contracts/plan-changes.ts";
import { IDEMPOTENCY_HEADER } from "@contracts/shop.ts";
import { api, invalidateKeys, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/**
 * Plan changes and cancellation of one VPS. The options sit under the service's own key, so the
 * live `services` topic (a change finished by the provider job) refreshes them with the page.
 */
const base = (id: string) => `/api/services/${encodeURIComponent(id)}`;

export const planKey = (id: string) => [...queryKeys.services.one(id), "plan"] as const;

/** One key per intent: a double click or a retry after a lost answer is the same change. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

export const planOptionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: planKey(id),
    queryFn: ({ signal }) => api.get(`${base(id)}/plan`, PlanOptions, { signal }),
    // A change runs at the provider for a moment: read again until it is no longer pending.
    refetchInterval: (query) =>
      query.state.data?.latest_change?.state === "pending" ? 2_000 : false,
  });

export const usePlanOptions = (id: string) => useQuery(planOptionsQueryOptions(id));

/** Balance, transactions and the service (its specs) change with a plan change. */
const refresh = (client: ReturnType<typeof useQueryClient>, id: string) =>
  invalidateKeys(client, [queryKeys.account.all, queryKeys.services.one(id), queryKeys.orders.all]);

export const useChangePlan = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, key }: { productId: string; key: string }) =>
      api.post(`${base(id)}/plan-change`, { product_id: productId }, PlanChangeResult, {
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    onSettled: () => refresh(client, id),
  });
};

export const useCancelService = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CancelBody; key: string }) =>
      api.post(`${base(id)}/cancellation`, body, CancellationResult, {
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    onSettled: () => refresh(client, id),
  });
};

export const useUndoCancellation = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${base(id)}/cancellation`, CancellationResult),
    onSettled: () => refresh(client, id),
  });
};
