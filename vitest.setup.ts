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

// In a VM pool the test context is jsdom's window, which has no web streams (Node's globals are
// not copied in): eventsource-parser, which the live-events client uses, needs TransformStream.
for (const [name, value] of Object.entries(await import("node:stream/web"))) {
  if (/Stream$/.test(name) && !(name in globalThis)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
}
