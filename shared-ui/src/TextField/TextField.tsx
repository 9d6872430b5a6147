import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  type ValidationResult,
} from "react-aria-components";
import * as styles from "../styles/field.css";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "className" | "children"> {
  label: string;
  description?: string;
  placeholder?: string;
  errorMessage?: string | ((v: ValidationResult) => string);
  className?: string;
  /** A box of several lines (a message) instead of one line; `rows` tall. */
  multiline?: boolean;
  rows?: number;
}

/** Label, input, description and the field's error (from Form validationErrors or the field). */
export function TextField({
  label,
  description,
  placeholder,
  errorMessage,
  className,
  multiline = false,
  rows = 5,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} className={[styles.field, className].filter(Boolean).join(" ")}>
      <Label className={styles.label}>{label}</Label>
      {multiline ? (
        <TextArea className={styles.input} placeholder={placeholder} rows={rows} />
      ) : (
        <Input className={styles.input} placeholder={placeholder} />
      )}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
