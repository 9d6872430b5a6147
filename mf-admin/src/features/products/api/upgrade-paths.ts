import { UpgradePaths } from "@contracts/plan-changes.ts";
import { ProductList } from "@contracts/shop.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

const path = (productId: string) =>
  `/api/admin/products/${encodeURIComponent(productId)}/upgrade-paths`;

/** Under `products.all`: any catalogue change reads a product's paths again. */
const upgradePathsKey = (productId: string) =>
  [...queryKeys.products.all, "upgrade-paths", productId] as const;

/** The products a product's customers may change to (GET …/upgrade-paths). */
export const useUpgradePaths = (productId: string) =>
  useQuery({
    queryKey: upgradePathsKey(productId),
    queryFn: ({ signal }) => api.get(path(productId), UpgradePaths, { signal }),
  });

/** Every VPS product on sale: the candidates (the shop's own list, under the shop's own key). */
export const useVpsProducts = () =>
  useQuery({
    queryKey: queryKeys.products.byType("vps"),
    queryFn: ({ signal }) => api.get("/api/shop/products?type=vps", ProductList, { signal }),
  });

/** Replaces the paths; 422 when one has a smaller disk or no server plan. */
export const useSetUpgradePaths = (productId: string) =>
  useAdminMutation(
    (targetIds: string[]) => api.put(path(productId), { target_ids: targetIds }, UpgradePaths),
    messages.t("paths.saveFailed"),
  );
