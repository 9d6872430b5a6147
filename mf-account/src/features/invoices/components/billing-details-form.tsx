import {
  type BillingDetails,
  BillingDetailsBody,
  invoiceMessages,
  billingDetailsLimits as limits,
} from "@contracts/invoices.ts";
import {
  ApiError,
  Button,
  Card,
  contractMessage,
  Form,
  formValues,
  Select,
  Skeleton,
  TextField,
  toast,
  useFormErrors,
  useLocale,
} from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { useBillingDetails } from "../api/get-billing-details";
import { useSaveBillingDetails } from "../api/save-billing-details";
import * as styles from "./billing-details.css";
import { EU_COUNTRIES, OTHER_COUNTRIES } from "./countries";

/**
 * Who the invoices are made out to. Optional for ordering: until it is filled in, an
 * invoice uses what the portal knows (SPEC order and renewal flows keep no extra step).
 */
export function BillingDetailsForm() {
  const t = useT();
  const details = useBillingDetails();
  return (
    <Card title={t("billing.title")} description={t("billing.description")} as="section">
      {details.isPending ? (
        <Skeleton height="12rem" />
      ) : details.isError ? (
        <p className={styles.hint}>{t("billing.loadFailed", { error: details.error.message })}</p>
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
  const t = useT();
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
      onSuccess: () => toast.success(contractMessage(invoiceMessages.saved)),
      onError: (error) =>
        toast.error(
          t("billing.notSaved"),
          error instanceof ApiError ? error.message : t("tryAgainLater"),
        ),
    });
  };

  return (
    <Form
      onSubmit={onSubmit}
      validationErrors={form.errors}
      validationBehavior="aria"
      className={styles.form}
      aria-label={t("billing.title")}
    >
      <div className={styles.fields} onInput={form.clear}>
        <TextField
          label={t("billing.name")}
          name="name"
          autoComplete="name"
          defaultValue={saved.name ?? ""}
          maxLength={limits.name}
        />
        <TextField
          label={t("billing.company")}
          name="company"
          autoComplete="organization"
          defaultValue={saved.company ?? ""}
          maxLength={limits.company}
        />
        <TextField
          label={t("billing.address")}
          name="address"
          autoComplete="street-address"
          description={t("billing.addressHint")}
          defaultValue={saved.address ?? ""}
          maxLength={limits.address}
        />
        <CountrySelect defaultValue={saved.country ?? ""} errorMessage={form.errors.country} />
        <TextField
          label={t("billing.vatId")}
          name="vat_id"
          description={t("billing.vatHint")}
          defaultValue={saved.vat_id ?? ""}
          maxLength={limits.vatId}
        />
        <div>
          <Button type="submit" isPending={save.isPending}>
            {t("billing.save")}
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
  const t = useT();
  const locale = useLocale();
  const names = locale === "en" ? null : new Intl.DisplayNames([locale], { type: "region" });
  // English keeps the list's own names; the other languages take Intl's.
  const countryName = (c: { code: string; name: string }) => names?.of(c.code) ?? c.name;
  return (
    <Select
      label={t("billing.country")}
      name="country"
      defaultValue={defaultValue}
      autoComplete="country"
      errorMessage={errorMessage}
    >
      <option value="">{t("billing.chooseCountry")}</option>
      <optgroup label={t("billing.eu")}>
        {EU_COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {countryName(c)}
          </option>
        ))}
      </optgroup>
      <optgroup label={t("billing.otherCountries")}>
        {OTHER_COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {countryName(c)}
          </option>
        ))}
      </optgroup>
    </Select>
  );
}
