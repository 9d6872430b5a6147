import { ProductRemoval } from "@contracts/admin.ts";
import { api, queryClient } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** A product with orders is archived (its orders keep the name); otherwise deleted. */
export const removeProduct = async (productId: string) => {
  const result = await api.delete(`/api/admin/products/${productId}`, ProductRemoval);
  await queryClient.invalidateQueries({ queryKey: ["products"] });
  return result;
};

export const useRemoveProduct = () => useAdminMutation(removeProduct, "Failed to remove product");
