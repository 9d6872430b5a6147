import { ProductRemoval } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** A product with orders is archived (its orders keep the name); otherwise deleted. */
export const removeProduct = (productId: string) =>
  api.delete(`/api/admin/products/${productId}`, ProductRemoval);

/** Refreshes `queryKeys.products.all`: the admin table and the shop's VPS / dedicated lists. */
export const useRemoveProduct = () =>
  useAdminMutation(removeProduct, messages.t("products.removeFailed"));
