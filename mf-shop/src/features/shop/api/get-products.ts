import type { ProductType } from "@contracts/common.ts";
import { ProductList } from "@contracts/shop.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/shop/products?type=… — products on sale, cheapest first. */
export const getProducts = (type: ProductType, signal?: AbortSignal) =>
  api.get(`/api/shop/products?type=${type}`, ProductList, { signal });

export const productsQueryOptions = (type: ProductType) =>
  queryOptions({
    queryKey: queryKeys.products.byType(type),
    queryFn: ({ signal }) => getProducts(type, signal),
    select: (data) => data.products,
  });

export const useProducts = (type: ProductType) => useQuery(productsQueryOptions(type));
