import { CreateProductBody, ProductPlan } from "@contracts/admin.ts";
import {
  Button,
  Card,
  decimalInput,
  Form,
  fieldErrors,
  formatEur,
  formValues,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { SelectField } from "../../../lib/select-field";
import { useCreateProduct } from "../api/create-product";
import { PLAN_FIELDS, PlanFields } from "./plan-fields";

/** The form's values as CreateProductBody takes them: a VPS's plan fields become its `plan`. */
function productBody(values: Record<string, FormDataEntryValue>, vps: boolean) {
  // The price as typed in the page's language ("9,99" on a German page).
  const product: Record<string, FormDataEntryValue> = {
    ...values,
    price: decimalInput(String(values.price ?? "")),
  };
  const plan: Record<string, FormDataEntryValue | undefined> = {};
  for (const name of PLAN_FIELDS) {
    plan[name] = product[name];
    delete product[name];
  }
  // A dedicated server is set up by staff: it has no plan, so none is sent.
  return { body: vps ? { ...product, plan } : product, plan };
}

/** SPEC §5: all fields required, price a number with 2 decimals; a VPS also needs its plan. */
export function CreateProductForm() {
  const t = useT();
  const form = useFormErrors();
  const create = useCreateProduct();
  const [type, setType] = useState<"vps" | "dedicated">("vps");
  // A new key after each creation mounts an empty form (type VPS again, no template chosen).
  const [formKey, setFormKey] = useState(0);
  const vps = type === "vps";
  return (
    <Card title={t("products.new")} description={t("products.newDescription")}>
      <Form
        key={formKey}
        validationErrors={form.errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          const { body, plan } = productBody(formValues(e.currentTarget), vps);
          const parsed = form.validate(CreateProductBody, body);
          if (!parsed.success) {
            // The body's errors are keyed by its top-level names, so a plan's issue would only
            // say "plan"; the same plan schema on its own places each under its field.
            const planCheck = vps ? ProductPlan.safeParse(plan) : undefined;
            if (planCheck && !planCheck.success)
              form.setErrors({ ...parsed.errors, ...fieldErrors(planCheck.error) });
            return;
          }
          create.mutate(parsed.data, {
            onSuccess: (p) => {
              toast.success(
                t("products.created"),
                t("products.createdDetail", { name: p.name, price: formatEur(p.price) }),
              );
              setType("vps");
              setFormKey((k) => k + 1);
            },
          });
        }}
      >
        {/* Clearing errors while typing, not on blur, keeps the submit button from moving under the pointer. */}
        <div className={styles.contents} onInput={form.clear}>
          <div className={styles.formGrid}>
            <TextField label={t("products.field.name")} name="name" placeholder="VPS Starter" />
            <SelectField
              label={t("products.field.type")}
              name="product_type"
              value={type}
              onChange={(v) => setType(v === "dedicated" ? "dedicated" : "vps")}
              options={[
                { value: "vps", label: t("type.vps") },
                { value: "dedicated", label: t("type.dedicated") },
              ]}
            />
            <TextField
              label={t("products.field.price")}
              name="price"
              inputMode="decimal"
              placeholder="9.99"
            />
            <TextField label={t("field.cpu")} name="cpu" placeholder="2 vCores" />
            <TextField label={t("field.ram")} name="ram" placeholder="4 GB" />
            <TextField label={t("field.storage")} name="storage" placeholder="80 GB NVMe" />
            <TextField label={t("products.field.uplink")} name="uplink" placeholder="1 Gbit/s" />
            <TextField
              label={t("products.field.ddos")}
              name="ddos_protection"
              placeholder={t("products.field.ddosPlaceholder")}
            />
          </div>
          {vps && (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t("products.planLegend")}</legend>
              <p className={styles.fieldsetNote}>{t("products.planNote")}</p>
              <PlanFields errors={form.errors} />
            </fieldset>
          )}
          <div className={styles.formActions}>
            <Button type="submit" isPending={create.isPending}>
              {t("products.create")}
            </Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}
