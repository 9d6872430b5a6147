import { AdminProductList } from "@contracts/admin.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const getProducts = (signal?: AbortSignal) =>
  api.get("/api/admin/products", AdminProductList, { signal });

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.admin,
    queryFn: ({ signal }) => getProducts(signal),
    select: (data) => data.products,
  });

/** SPEC §7: ordered by type then price. */
export const useProducts = () => useQuery(productsQueryOptions());
