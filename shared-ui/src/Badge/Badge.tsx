import type { ReactNode } from "react";
import * as styles from "./Badge.css";

export type BadgeTone = keyof typeof styles.tone;

/**
 * SPEC §3 statuses: active green, suspended amber, expired grey; the provider lifecycle's: a
 * service being set up blue, failed red, terminated and a cancelled order grey; anything else
 * neutral.
 */
const statusTones: Record<string, BadgeTone> = {
  active: "success",
  paid: "success",
  suspended: "warning",
  expired: "neutral",
  failed: "danger",
  pending: "info",
  provisioning: "info",
  terminated: "neutral",
  cancelled: "neutral",
};

export function toneForStatus(status: string): BadgeTone {
  return statusTones[status.toLowerCase()] ?? "neutral";
}

export interface BadgeProps {
  /** Picks the tone from a status word; the status is also the default text. */
  status?: string;
  tone?: BadgeTone;
  children?: ReactNode;
}

export function Badge({ status, tone, children }: BadgeProps) {
  const t = tone ?? (status ? toneForStatus(status) : "neutral");
  return (
    <span className={`${styles.badge} ${styles.tone[t]}`} data-tone={t}>
      <span className={styles.dot} aria-hidden="true" />
      {children ?? status}
    </span>
  );
}
