import { type SyntheticEvent, useId, useRef } from "react";
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
 *
 * A choice fires `input` and then `change`, and React's onChange listens to `change` only. A
 * controlled select that reported its new value on `change` alone would lose it to any re-render
 * in between (a form clearing its errors on input re-renders it with the old `value`, which puts
 * the old option back before `change` arrives), so the value is reported on `input`, the first
 * of the two, and `change` reports it only when `input` did not (once per choice).
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
  const reported = useRef<string | null>(null);
  const onInput = (e: SyntheticEvent<HTMLSelectElement>) => {
    reported.current = e.currentTarget.value;
    onChange?.(e.currentTarget.value);
  };
  const onChangeEvent = (e: SyntheticEvent<HTMLSelectElement>) => {
    const already = reported.current === e.currentTarget.value;
    reported.current = null;
    if (!already) onChange?.(e.currentTarget.value);
  };
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
        onInput={onInput}
        onChange={onChangeEvent}
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
