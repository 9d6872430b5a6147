import { Select } from "@hosting-portal/shared-ui";

export interface SelectFieldProps {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  errorMessage?: string;
}

/** shared-ui's Select from a list of options (and an empty first choice when `placeholder`). */
export function SelectField({ options, placeholder, onChange, ...props }: SelectFieldProps) {
  return (
    <Select {...props} onValueChange={onChange}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
