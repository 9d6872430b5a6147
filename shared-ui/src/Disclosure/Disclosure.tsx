import type { ReactNode } from "react";
import {
  Disclosure as AriaDisclosure,
  type DisclosureProps as AriaDisclosureProps,
  Button,
  DisclosurePanel,
  Heading,
} from "react-aria-components";
import * as styles from "./Disclosure.css";

export interface DisclosureProps extends Omit<AriaDisclosureProps, "className" | "children"> {
  title: ReactNode;
  /** Icon before the title. */
  icon?: ReactNode;
  children: ReactNode;
  /** Extra classes for the trigger (e.g. to match nav item styling). */
  triggerClassName?: string;
  className?: string;
}

/** A collapsible group (side-nav 'Products', 'My Services'); Enter/Space toggle it. */
export function Disclosure({
  title,
  icon,
  children,
  triggerClassName,
  className,
  ...props
}: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={[styles.disclosure, className].filter(Boolean).join(" ")}>
      <Heading level={3} className={styles.heading}>
        <Button
          slot="trigger"
          className={[styles.trigger, triggerClassName].filter(Boolean).join(" ")}
        >
          <span className={styles.titleRow}>
            {icon}
            {title}
          </span>
          <svg
            className={styles.chevron}
            viewBox="0 0 16 16"
            width="12"
            height="12"
            aria-hidden="true"
          >
            <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </Button>
      </Heading>
      <DisclosurePanel className={styles.panel}>{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
