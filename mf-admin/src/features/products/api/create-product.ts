import { AdminProduct, type CreateProductBody } from "@contracts/admin.ts";
import { api, queryClient } from "@hosting-portal/shared-ui";
import { useAdminMutation } from "../../../lib/admin-mutation";

export const createProduct = async (body: CreateProductBody) => {
  const product = await api.post("/api/admin/products", body, AdminProduct);
  // The shop's product pages read their own queries; a new product should show there at once.
  await queryClient.invalidateQueries({ queryKey: ["products"] });
  return product;
};

export const useCreateProduct = () => useAdminMutation(createProduct, "Failed to create product");
