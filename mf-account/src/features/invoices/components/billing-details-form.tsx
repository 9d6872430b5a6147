import { type BillingDetails, BillingDetailsBody, invoiceMessages } from "@contracts/invoices.ts";
import {
  ApiError,
  Button,
  Card,
  Form,
  formValues,
  Select,
  Skeleton,
  TextField,
  toast,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import { useBillingDetails } from "../api/get-billing-details";
import { useSaveBillingDetails } from "../api/save-billing-details";
import * as styles from "./billing-details.css";
import { EU_COUNTRIES, OTHER_COUNTRIES } from "./countries";

export const BILLING_DETAILS_NOT_SAVED = "Billing details not saved";

/**
 * Who the invoices are made out to. Optional for ordering: until it is filled in, an
 * invoice uses what the portal knows (SPEC order and renewal flows keep no extra step).
 */
export function BillingDetailsForm() {
  const details = useBillingDetails();
  return (
    <Card
      title="Billing details"
      description="The name and address your invoices are made out to. Businesses in the EU can add their VAT ID."
      as="section"
    >
      {details.isPending ? (
        <Skeleton height="12rem" />
      ) : details.isError ? (
        <p className={styles.hint}>Billing details could not be loaded: {details.error.message}</p>
      ) : (
        <DetailsForm saved={details.data} />
      )}
    </Card>
  );
}

/** An empty optional field is saved as null ("none"), not as an empty string. */
const orNull = (value: FormDataEntryValue | undefined) =>
  typeof value === "string" && value.trim() !== "" ? value : null;

function DetailsForm({ saved }: { saved: BillingDetails }) {
  const form = useFormErrors();
  const save = useSaveBillingDetails();

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const parsed = form.validate(BillingDetailsBody, {
      name: values.name ?? "",
      company: orNull(values.company),
      address: values.address ?? "",
      country: values.country ?? "",
      vat_id: orNull(values.vat_id),
    });
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(invoiceMessages.saved),
      onError: (error) =>
        toast.error(
          BILLING_DETAILS_NOT_SAVED,
          error instanceof ApiError ? error.message : "Please try again.",
        ),
    });
  };

  return (
    <Form
      onSubmit={onSubmit}
      validationErrors={form.errors}
      validationBehavior="aria"
      className={styles.form}
      aria-label="Billing details"
    >
      <div className={styles.fields} onInput={form.clear}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={saved.name ?? ""}
          maxLength={200}
        />
        <TextField
          label="Company (optional)"
          name="company"
          autoComplete="organization"
          defaultValue={saved.company ?? ""}
          maxLength={200}
        />
        <TextField
          label="Address"
          name="address"
          autoComplete="street-address"
          description="Street, postal code and city."
          defaultValue={saved.address ?? ""}
          maxLength={500}
        />
        <CountrySelect defaultValue={saved.country ?? ""} errorMessage={form.errors.country} />
        <TextField
          label="VAT ID (optional)"
          name="vat_id"
          description="With the country prefix, e.g. DE123456789. Businesses in another EU country are invoiced without VAT (reverse charge)."
          defaultValue={saved.vat_id ?? ""}
          maxLength={20}
        />
        <div>
          <Button type="submit" isPending={save.isPending}>
            Save billing details
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** The seller's market first (the EU, where VAT rules differ by country), then the rest. */
function CountrySelect({
  defaultValue,
  errorMessage,
}: {
  defaultValue: string;
  errorMessage: string | undefined;
}) {
  return (
    <Select
      label="Country"
      name="country"
      defaultValue={defaultValue}
      autoComplete="country"
      errorMessage={errorMessage}
    >
      <option value="">Choose a country</option>
      <optgroup label="European Union">
        {EU_COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Other countries">
        {OTHER_COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </optgroup>
    </Select>
  );
}
