import type { ProductPlan } from "@contracts/admin.ts";
import { Button, type FormErrors, TextField } from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { SelectField } from "../../../lib/select-field";
import { useProviderTemplates } from "../api/get-provider-templates";

/** The form names of a plan's fields, as ProductPlan takes them. */
export const PLAN_FIELDS = ["template", "cpu_cores", "memory_mb", "disk_gb", "ipv4_count"] as const;

/**
 * A VPS product's server plan (ProductPlan): the template from the provider's list, and the
 * sizes the provider sells (memory in MB, disk in GB). `current` fills them when editing.
 */
export function PlanFields({ current, errors }: { current?: ProductPlan; errors: FormErrors }) {
  const templates = useProviderTemplates();
  // Controlled: the choices arrive after the select is shown, and only a controlled select
  // picks the current template once its option exists.
  const [template, setTemplate] = useState(current?.template ?? "");
  const offered = templates.data ?? [];
  const options = offered.map((t) => ({ value: t, label: t }));
  // A template the provider no longer lists stays visible as the plan's, so saving it again is
  // the admin's choice (the API then refuses it with templateUnknown).
  if (current && !offered.includes(current.template)) {
    options.push({
      value: current.template,
      label: templates.isSuccess ? `${current.template} (not offered any more)` : current.template,
    });
  }
  return (
    <>
      <SelectField
        label="Template"
        name="template"
        value={template}
        onChange={setTemplate}
        placeholder={templates.isPending ? "Loading templates…" : "Select a template"}
        options={options}
        errorMessage={errors.template}
      />
      {templates.isError && (
        <p role="alert" className={styles.problem}>
          <span>Could not load the provider's templates: {templates.error.message}</span>
          <Button size="sm" variant="secondary" onPress={() => templates.refetch()}>
            Retry
          </Button>
        </p>
      )}
      <div className={styles.formGrid}>
        <TextField
          label="Cores"
          name="cpu_cores"
          inputMode="numeric"
          placeholder="2"
          defaultValue={current ? String(current.cpu_cores) : undefined}
        />
        <TextField
          label="Memory (MB)"
          name="memory_mb"
          inputMode="numeric"
          placeholder="4096"
          defaultValue={current ? String(current.memory_mb) : undefined}
        />
        <TextField
          label="Disk (GB)"
          name="disk_gb"
          inputMode="numeric"
          placeholder="80"
          defaultValue={current ? String(current.disk_gb) : undefined}
        />
        <TextField
          label="IPv4 count"
          name="ipv4_count"
          inputMode="numeric"
          defaultValue={String(current?.ipv4_count ?? 1)}
        />
      </div>
    </>
  );
}
