import { Form as AriaForm, type FormProps as AriaFormProps } from "react-aria-components";
import * as styles from "./Form.css";

export interface FormProps extends Omit<AriaFormProps, "className"> {
  className?: string;
}

/**
 * A form whose `validationErrors` ({ fieldName: message }) are shown under the matching fields.
 * Pair with `fieldErrors(zodError)` to show the first schema message per field.
 */
export function Form({ className, ...props }: FormProps) {
  return <AriaForm {...props} className={[styles.form, className].filter(Boolean).join(" ")} />;
}

/** First message per field from a zod error's issues, in the shape Form's validationErrors wants. */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}
