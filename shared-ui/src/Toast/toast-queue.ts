import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { pageSingleton } from "../singleton";

export type ToastVariant = "success" | "error" | "info" | "warning";

export interface ToastContent {
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** One queue per page, so a toast raised in any remote shows in the shell's single region. */
export const toastQueue: ToastQueue<ToastContent> = pageSingleton(
  "__portalToastQueue",
  () => new ToastQueue<ToastContent>({ maxVisibleToasts: 4 }),
);

const DEFAULT_TIMEOUT_MS = 5_000;

function show(
  variant: ToastVariant,
  title: string,
  description?: string,
  timeout = DEFAULT_TIMEOUT_MS,
) {
  return toastQueue.add({ title, description, variant }, { timeout });
}

/**
 * SPEC §8 toasts: `toast.error("Validation Error", "Invalid email address")`,
 * `toast.success("Logged in successfully!")`.
 */
export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description, 8_000),
  info: (title: string, description?: string) => show("info", title, description),
  warning: (title: string, description?: string) => show("warning", title, description),
  dismiss: (key: string) => toastQueue.close(key),
  clear: () => toastQueue.clear(),
};
