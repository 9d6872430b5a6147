import type { ReactNode } from "react";
import * as styles from "./EmptyState.css";

export interface EmptyStateProps {
  /** The SPEC's empty text, e.g. 'No services found. Contact an administrator to get started.' */
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

const defaultIcon = (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <rect x="3" y="4" width="18" height="7" rx="2" />
    <rect x="3" y="13" width="18" height="7" rx="2" />
    <path d="M7 7.5h.01M7 16.5h.01" strokeLinecap="round" strokeWidth="2.5" />
  </svg>
);

export function EmptyState({ title, description, icon = defaultIcon, action }: EmptyStateProps) {
  return (
    <div className={styles.root} data-empty-state>
      <div className={styles.icon}>{icon}</div>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
