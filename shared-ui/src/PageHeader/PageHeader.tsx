import type { ReactNode } from "react";
import * as styles from "./PageHeader.css";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** Each page's one h1, so every remote page reads the same way. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className={styles.root}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions}
    </header>
  );
}

/** Vertical rhythm for a page's sections. */
export function Page({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}
