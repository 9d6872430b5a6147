import { AdminProductList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The list comes a page at a time (issue 18); these screens show all of it, so the pages are
 * followed to the end (no page repeats or misses a row, even if rows are added meanwhile).
 */
export const getProducts = async (signal?: AbortSignal): Promise<AdminProductList> => {
  const first = await api.get("/api/admin/products", AdminProductList, { signal });
  const products = [...first.products];
  let cursor = first.next_cursor;
  while (cursor) {
    const page = await api.get(
      `/api/admin/products?cursor=${encodeURIComponent(cursor)}`,
      AdminProductList,
      { signal },
    );
    products.push(...page.products);
    cursor = page.next_cursor;
  }
  return { products, next_cursor: null };
};

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.admin,
    queryFn: ({ signal }) => getProducts(signal),
    select: (data) => data.products,
  });

/** SPEC §7: ordered by type then price. */
export const useProducts = () => useQuery(productsQueryOptions());
