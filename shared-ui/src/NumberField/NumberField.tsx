import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Button,
  FieldError,
  Group,
  Input,
  Label,
  Text,
} from "react-aria-components";
import * as field from "../styles/field.css";
import * as styles from "./NumberField.css";

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, "className" | "children"> {
  label: string;
  description?: string;
  errorMessage?: string;
  className?: string;
}

/** Locale-aware number input with − / + steppers and arrow-key stepping. */
export function NumberField({
  label,
  description,
  errorMessage,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={[field.field, className].filter(Boolean).join(" ")}>
      <Label className={field.label}>{label}</Label>
      <Group className={styles.group}>
        <Input className={styles.input} />
        <Button slot="decrement" className={styles.stepper}>
          −
        </Button>
        <Button slot="increment" className={styles.stepper}>
          +
        </Button>
      </Group>
      {description && (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      )}
      <FieldError className={field.error}>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
