import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import * as field from "../styles/field.css";
import * as styles from "./Select.css";

export interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "className" | "children" | "id"> {
  label: string;
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
 */
export function Select({
  label,
  children,
  description,
  errorMessage,
  className,
  ...props
}: SelectProps) {
  const id = useId();
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
