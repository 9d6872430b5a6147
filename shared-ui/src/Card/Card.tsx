import type { ReactNode } from "react";
import * as styles from "./Card.css";

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** The element to render; "section" labels it by its title for screen readers. */
  as?: "div" | "section" | "article";
}

export function Card({
  title,
  description,
  actions,
  children,
  className,
  as: Tag = "div",
}: CardProps) {
  return (
    <Tag className={[styles.card, className].filter(Boolean).join(" ")}>
      {(title || actions) && (
        <div className={styles.header}>
          <div className={styles.heading}>
            {title && <h2 className={styles.title}>{title}</h2>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </Tag>
  );
}
