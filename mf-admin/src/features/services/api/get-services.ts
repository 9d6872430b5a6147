import { AdminServiceList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { type ListQuery, listPath } from "../../../lib/admin-list";
import { useListPages } from "../../../lib/admin-list-query";

/** One page of services matching `query` (see AdminServiceQuery), after `cursor`. */
export const getServicePage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/services", query, cursor), AdminServiceList, { signal });

/** SPEC §7: services with the owner's username/email and the order link, newest first, a page at a time. */
export const useServicePages = (query: ListQuery) =>
  useListPages(queryKeys.services.admin, getServicePage, query);
