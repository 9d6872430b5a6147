import {
  type ReactNode,
  type SelectHTMLAttributes,
  type SyntheticEvent,
  useId,
  useRef,
} from "react";
import * as field from "../styles/field.css";
import * as styles from "./Select.css";

export interface SelectProps
  extends Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "className" | "children" | "id" | "onChange" | "onInput"
  > {
  label: string;
  /** The chosen value, once per choice (see below). */
  onValueChange?: (value: string) => void;
  /** `<option>` and `<optgroup>` elements. */
  children: ReactNode;
  description?: string;
  /** Shown under the control and marks it invalid (e.g. a Form's error for `name`). */
  errorMessage?: string;
  className?: string;
}

/**
 * A labelled choice from a short list, as a native `<select>`: the platform's keyboard,
 * screen-reader, autofill and form behaviour (its value is in the form's data under `name`), in
 * TextField's look, with its description and error under it.
 *
 * A choice fires `input` and then `change`, and React's onChange listens to `change` only. A
 * controlled select that reported its new value on `change` alone would lose it to any re-render
 * in between (a form clearing its errors on input re-renders it with the old `value`, which puts
 * the old option back before `change` arrives), so the value is reported on `input`, the first of
 * the two, and `change` reports it only when `input` did not (once per choice).
 */
export function Select({
  label,
  children,
  description,
  errorMessage,
  className,
  onValueChange,
  ...props
}: SelectProps) {
  const id = useId();
  const reported = useRef<string | null>(null);
  const onInput = (e: SyntheticEvent<HTMLSelectElement>) => {
    reported.current = e.currentTarget.value;
    onValueChange?.(e.currentTarget.value);
  };
  const onChange = (e: SyntheticEvent<HTMLSelectElement>) => {
    const already = reported.current === e.currentTarget.value;
    reported.current = null;
    if (!already) onValueChange?.(e.currentTarget.value);
  };
  const describedBy = [description && `${id}-description`, errorMessage && `${id}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={[field.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <select
        {...props}
        id={id}
        className={styles.select}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={onInput}
        onChange={onChange}
      >
        {children}
      </select>
      {description && (
        <span id={`${id}-description`} className={field.description}>
          {description}
        </span>
      )}
      {errorMessage && (
        <span id={`${id}-error`} className={field.error}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
