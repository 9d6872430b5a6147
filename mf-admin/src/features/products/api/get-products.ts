import { AdminProductList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type ListQuery, listPath } from "../../../lib/admin-list";

/** One page of products matching `query` (see AdminProductQuery), after `cursor`. */
export const getProductPage = (query: ListQuery, cursor: string | null, signal?: AbortSignal) =>
  api.get(listPath("/api/admin/products", query, cursor), AdminProductList, { signal });

/**
 * The pages loaded so far, under the admin products key: an admin write invalidates it, and React
 * Query then refetches every loaded page in place (the list keeps its length and scroll).
 */
export const productPagesQueryOptions = (query: ListQuery) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.products.admin, "pages", query],
    queryFn: ({ pageParam, signal }) => getProductPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** SPEC §7: ordered by type then price, a page at a time; a new search keeps the old rows until it answers. */
export const useProductPages = (query: ListQuery) =>
  useInfiniteQuery({ ...productPagesQueryOptions(query), placeholderData: keepPreviousData });
