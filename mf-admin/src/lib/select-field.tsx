import { useId } from "react";
import * as styles from "./select-field.css";

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

/**
 * shared-ui has no select yet; a native <select> keeps keyboard, screen-reader and form
 * behaviour for free, styled with the same field tokens as TextField.
 */
export function SelectField({
  label,
  name,
  options,
  value,
  defaultValue,
  onChange,
  placeholder,
  errorMessage,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={styles.select}
        value={value}
        defaultValue={defaultValue}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        onChange={(e) => onChange?.(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorMessage && (
        <span id={`${id}-error`} className={styles.error}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
