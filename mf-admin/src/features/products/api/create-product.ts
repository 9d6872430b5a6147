import { AdminProduct, type CreateProductBody } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const createProduct = (body: CreateProductBody) =>
  api.post("/api/admin/products", body, AdminProduct);

/** Refreshes `queryKeys.products.all`: the admin table and the shop's VPS / dedicated lists. */
export const useCreateProduct = () =>
  useAdminMutation(createProduct, messages.t("products.createFailed"));
