import { AdminProduct, type ProductPlanInput } from "@contracts/admin.ts";
import { api } from "@hosting-portal/shared-ui";
import { messages } from "../../../i18n";
import { useAdminMutation } from "../../../lib/admin-mutation";

/** A VPS product's server plan; 422 (templateUnknown) when the provider has no such template. */
export const updateProductPlan = (productId: string, plan: ProductPlanInput) =>
  api.put(`/api/admin/products/${productId}/plan`, plan, AdminProduct);

/** Bound to one product: the Edit plan dialog edits one row's plan. */
export const useUpdateProductPlan = (productId: string) =>
  useAdminMutation(
    (plan: ProductPlanInput) => updateProductPlan(productId, plan),
    messages.t("plan.updateFailed"),
  );
