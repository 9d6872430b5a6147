import { useEffect, useRef } from "react";

/** SPEC §9: 1800 seconds without activity signs the user out. */
export const INACTIVITY_TIMEOUT_MS = 30 * 60 * 1000;

/** SPEC §4: mouse, key, scroll, touch or click count as activity. */
export const ACTIVITY_EVENTS = [
  "mousemove",
  "mousedown",
  "keydown",
  "scroll",
  "wheel",
  "touchstart",
  "click",
] as const;

/** Shared between tabs, so working in one tab keeps the others (same session) signed in. */
const STORAGE_KEY = "portal:last-activity";
const WRITE_EVERY_MS = 5_000;

function readShared(): number {
  try {
    return Number(localStorage.getItem(STORAGE_KEY)) || 0;
  } catch {
    return 0;
  }
}

export function useInactivitySignOut(
  onTimeout: () => void,
  { enabled = true, timeoutMs = INACTIVITY_TIMEOUT_MS } = {},
): void {
  const callback = useRef(onTimeout);
  callback.current = onTimeout;

  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let lastWrite = 0;
    let timer: ReturnType<typeof setTimeout>;

    const write = (now: number) => {
      lastWrite = now;
      try {
        localStorage.setItem(STORAGE_KEY, String(now));
      } catch {
        // No storage: this tab still tracks its own activity.
      }
    };
    const onActivity = () => {
      const now = Date.now();
      last = now;
      if (now - lastWrite >= WRITE_EVERY_MS) write(now);
    };
    const check = () => {
      const idle = Date.now() - Math.max(last, readShared());
      if (idle >= timeoutMs) callback.current();
      else timer = setTimeout(check, timeoutMs - idle);
    };

    write(last);
    timer = setTimeout(check, timeoutMs);
    for (const e of ACTIVITY_EVENTS)
      window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [enabled, timeoutMs]);
}
