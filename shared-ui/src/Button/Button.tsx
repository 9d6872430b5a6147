import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import * as styles from "./Button.css";

export interface ButtonProps extends Omit<AriaButtonProps, "className"> {
  variant?: keyof typeof styles.variant;
  size?: keyof typeof styles.size;
  className?: string;
}

/** react-aria Button: press, keyboard and pending handling; styled through data attributes. */
export function Button({ variant = "primary", size = "md", className, ...props }: ButtonProps) {
  const cls = [styles.base, styles.size[size], styles.variant[variant], className]
    .filter(Boolean)
    .join(" ");
  return <AriaButton {...props} className={cls} />;
}
