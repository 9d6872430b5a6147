import { AuditList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

const PAGE = 50;

export const getAudit = (before: string | null, signal?: AbortSignal) =>
  api.get(`/api/admin/audit?limit=${PAGE}${before ? `&before=${before}` : ""}`, AuditList, {
    signal,
  });

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.audit.admin,
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });

/** Newest first, 50 at a time (the log only grows). */
export const useAudit = () => useInfiniteQuery(auditQueryOptions());
