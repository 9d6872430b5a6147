import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Without vitest globals, testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no CSS.escape; react-aria's collections call it when focusing rows and items.
if (typeof globalThis.CSS === "undefined" || typeof globalThis.CSS.escape !== "function") {
  const cssEscape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
  Object.defineProperty(globalThis, "CSS", {
    value: { ...(globalThis.CSS ?? {}), escape: cssEscape },
    configurable: true,
  });
}
