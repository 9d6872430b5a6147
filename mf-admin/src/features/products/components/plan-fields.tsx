import type { ProductPlan } from "@contracts/admin.ts";
import { Button, type FormErrors, TextField } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { SelectField } from "../../../lib/select-field";
import { useProviderTemplates } from "../api/get-provider-templates";

/** The form names of a plan's fields, as ProductPlan takes them. */
export const PLAN_FIELDS = ["template", "cpu_cores", "memory_mb", "disk_gb", "ipv4_count"] as const;

/** The sizes, as the provider sells them; a new plan starts with one IPv4 address. */
const SIZE_FIELDS = [
  { name: "cpu_cores", label: "plan.cores", placeholder: "2", fallback: undefined },
  { name: "memory_mb", label: "plan.memory", placeholder: "4096", fallback: undefined },
  { name: "disk_gb", label: "plan.disk", placeholder: "80", fallback: undefined },
  { name: "ipv4_count", label: "plan.ipv4Count", placeholder: undefined, fallback: "1" },
] as const;

/**
 * A VPS product's server plan (ProductPlan): the template from the provider's list, and the
 * sizes the provider sells (memory in MB, disk in GB). `current` fills them when editing.
 */
export function PlanFields({ current, errors }: { current?: ProductPlan; errors: FormErrors }) {
  const t = useT();
  const templates = useProviderTemplates();
  // Controlled: the choices arrive after the select is shown, and only a controlled select
  // picks the current template once its option exists.
  const [template, setTemplate] = useState(current?.template ?? "");
  const offered = templates.data ?? [];
  const options = offered.map((name) => ({ value: name, label: name }));
  // A template the provider no longer lists stays visible as the plan's, so saving it again is
  // the admin's choice (the API then refuses it with templateUnknown).
  if (current && !offered.includes(current.template)) {
    options.push({
      value: current.template,
      label: templates.isSuccess
        ? t("plan.templateGone", { template: current.template })
        : current.template,
    });
  }
  return (
    <>
      <SelectField
        label={t("plan.template")}
        name="template"
        value={template}
        onChange={setTemplate}
        placeholder={templates.isPending ? t("plan.loadingTemplates") : t("plan.selectTemplate")}
        options={options}
        errorMessage={errors.template}
      />
      {templates.isError && (
        <p role="alert" className={styles.problem}>
          <span>{t("plan.templatesFailed", { error: templates.error.message })}</span>
          <Button size="sm" variant="secondary" onPress={() => templates.refetch()}>
            {t("list.retry")}
          </Button>
        </p>
      )}
      <div className={styles.formGrid}>
        {SIZE_FIELDS.map(({ name, label, placeholder, fallback }) => (
          <TextField
            key={name}
            label={t(label)}
            name={name}
            inputMode="numeric"
            placeholder={placeholder}
            defaultValue={current ? String(current[name]) : fallback}
          />
        ))}
      </div>
    </>
  );
}
