import {
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
} from "react-aria-components";
import * as styles from "./Checkbox.css";

export interface CheckboxProps extends Omit<AriaCheckboxProps, "className" | "children"> {
  children: React.ReactNode;
  className?: string;
}

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={[styles.checkbox, className].filter(Boolean).join(" ")}>
      {({ isSelected }) => (
        <>
          <span className={`${styles.box} ${styles.boxState}`} aria-hidden="true">
            {isSelected && (
              <svg viewBox="0 0 16 16" width="12" height="12" fill="none" aria-hidden="true">
                <path
                  d="M3 8.5l3 3 7-7"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
