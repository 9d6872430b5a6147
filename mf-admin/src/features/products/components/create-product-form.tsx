import { CreateProductBody } from "@contracts/admin.ts";
import {
  Button,
  Card,
  Form,
  formatEur,
  formValues,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import * as styles from "../../../lib/admin.css";
import { SelectField } from "../../../lib/select-field";
import { useCreateProduct } from "../api/create-product";

/** SPEC §5: all fields required, price a number with 2 decimals. */
export function CreateProductForm() {
  const form = useFormErrors();
  const create = useCreateProduct();
  return (
    <Card
      title="New product"
      description="Shown in the shop at once, under its type, ordered by price."
    >
      <Form
        validationErrors={form.errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          const element = e.currentTarget;
          const parsed = form.validate(CreateProductBody, formValues(element));
          if (!parsed.success) return;
          create.mutate(parsed.data, {
            onSuccess: (p) => {
              toast.success("Product created", `${p.name} at ${formatEur(p.price)}/month`);
              element.reset();
            },
          });
        }}
      >
        {/* Clearing errors while typing, not on blur, keeps the submit button from moving under the pointer. */}
        <div className={styles.contents} onInput={form.clear}>
          <div className={styles.formGrid}>
            <TextField label="Name" name="name" placeholder="VPS Starter" />
            <SelectField
              label="Product type"
              name="product_type"
              defaultValue="vps"
              options={[
                { value: "vps", label: "VPS" },
                { value: "dedicated", label: "Dedicated" },
              ]}
            />
            <TextField
              label="Price (EUR / month)"
              name="price"
              inputMode="decimal"
              placeholder="9.99"
            />
            <TextField label="CPU" name="cpu" placeholder="2 vCores" />
            <TextField label="RAM" name="ram" placeholder="4 GB" />
            <TextField label="Storage" name="storage" placeholder="80 GB NVMe" />
            <TextField label="Uplink" name="uplink" placeholder="1 Gbit/s" />
            <TextField label="DDoS protection" name="ddos_protection" placeholder="Included" />
          </div>
          <div className={styles.formActions}>
            <Button type="submit" isPending={create.isPending}>
              Create product
            </Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}
