import { AdminProductList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { type ListQuery, listPath } from "../../../lib/admin-list";
import { useListPages } from "../../../lib/admin-list-query";

/** One page of products matching `query` (see AdminProductQuery), after `cursor`. */
export const getProductPage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/products", query, cursor), AdminProductList, { signal });

/** SPEC §7: ordered by type then price, a page at a time. */
export const useProductPages = (query: ListQuery) =>
  useListPages(queryKeys.products.admin, getProductPage, query);
