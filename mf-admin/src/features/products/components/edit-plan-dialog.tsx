import { type AdminProduct, ProductPlan } from "@contracts/admin.ts";
import { ApiError, toast } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { CreateDialog } from "../../../lib/create-dialog";
import { useUpdateProductPlan } from "../api/update-product-plan";
import { PlanFields } from "./plan-fields";
import { planLine } from "./plan-line";

/**
 * The form checks the plan with the contract first, so a 422 that still comes back is the one
 * check only the API can make: whether the provider has the template.
 */
const refusedFields = (error: Error) =>
  error instanceof ApiError && error.status === 422 ? { template: error.message } : undefined;

/** Edits a VPS product's server plan (PUT /api/admin/products/{id}/plan). */
export function EditPlanDialog({
  product,
  onClose,
}: {
  product: AdminProduct;
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateProductPlan(product.id);
  return (
    <CreateDialog
      title={t("plan.editTitle", { name: product.name })}
      submitLabel={t("plan.save")}
      schema={ProductPlan}
      mutation={update}
      refusedFields={refusedFields}
      onClose={onClose}
      onCreated={(p) => {
        toast.success(t("plan.updated"), p.plan ? `${p.name}: ${planLine(p.plan, t)}` : p.name);
        onClose();
      }}
    >
      {(errors) => (
        <>
          <p className={styles.note}>{t("plan.note")}</p>
          <PlanFields current={product.plan ?? undefined} errors={errors} />
        </>
      )}
    </CreateDialog>
  );
}
