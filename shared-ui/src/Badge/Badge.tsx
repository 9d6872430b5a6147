import type { ReactNode } from "react";
import en from "../i18n/messages/en.json";
import { sharedMessages } from "../i18n/shared-messages";
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

/** A status word the shared messages translate ("active" → "aktiv"); others show as they are. */
const statusKey = (status: string) => {
  const key = `status.${status.toLowerCase()}`;
  return key in en ? (key as keyof typeof en) : null;
};

export function Badge({ status, tone, children }: BadgeProps) {
  const tr = sharedMessages.useT();
  const t = tone ?? (status ? toneForStatus(status) : "neutral");
  const key = status ? statusKey(status) : null;
  return (
    <span className={`${styles.badge} ${styles.tone[t]}`} data-tone={t}>
      <span className={styles.dot} aria-hidden="true" />
      {children ?? (key ? tr(key) : status)}
    </span>
  );
}
