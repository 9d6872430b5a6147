import * as styles from "./Skeleton.css";

export interface SkeletonProps {
  width?: string | number;
  height?: string | number;
  className?: string;
}

/** A placeholder block while data loads; hidden from assistive tech (announce loading elsewhere). */
export function Skeleton({ width = "100%", height = "1em", className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton
      className={[styles.skeleton, className].filter(Boolean).join(" ")}
      style={{ width, height }}
    />
  );
}
