import { useSyncExternalStore } from "react";
import { type ResolvedTheme, resolveTheme, setThemePreference } from "./theme-preference";

function subscribe(onChange: () => void): () => void {
  const mq = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  mq?.addEventListener("change", onChange);
  window.addEventListener("portal:theme", onChange);
  window.addEventListener("storage", onChange);
  return () => {
    mq?.removeEventListener("change", onChange);
    window.removeEventListener("portal:theme", onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The theme in effect and a toggle that pins the opposite one. */
export function useTheme(): { theme: ResolvedTheme; toggle: () => void } {
  const theme = useSyncExternalStore(
    subscribe,
    () => resolveTheme(),
    () => "light" as const,
  );
  return { theme, toggle: () => setThemePreference(theme === "dark" ? "light" : "dark") };
}
