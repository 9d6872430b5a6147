import { assignVars, globalStyle } from "@vanilla-extract/css";
import { media, TOUCH_TARGET, vars } from "./contract.css";

export { media, TOUCH_TARGET, vars };

const shared = {
  space: {
    xxs: "2px",
    xs: "4px",
    sm: "8px",
    md: "12px",
    lg: "16px",
    xl: "24px",
    xxl: "32px",
  },
  font: {
    body: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, monospace',
  },
  fontSize: {
    xs: "0.75rem",
    sm: "0.8125rem",
    md: "0.9375rem",
    lg: "1.125rem",
    xl: "1.375rem",
    xxl: "1.75rem",
  },
  fontWeight: { regular: "400", medium: "500", semibold: "600", bold: "700" },
  lineHeight: { tight: "1.25", normal: "1.5" },
  radius: { sm: "4px", md: "6px", lg: "10px", full: "999px" },
};

const light = {
  ...shared,
  color: {
    bg: "#f4f6f9",
    surface: "#ffffff",
    surfaceMuted: "#f8fafc",
    surfaceRaised: "#ffffff",
    border: "#e2e8f0",
    // Field, checkbox and secondary-button boundaries: at least 3:1 on surface and bg (WCAG 1.4.11).
    borderStrong: "#7b8699",
    text: "#0f172a",
    textMuted: "#5b6678",
    textInverse: "#ffffff",
    primary: "#2457d6",
    primaryHover: "#1d47b3",
    primaryText: "#ffffff",
    primarySoft: "#e8eefc",
    focus: "#3b82f6",
    success: "#147a3a",
    successSoft: "#dcfce7",
    warning: "#a24a07",
    warningSoft: "#fef3c7",
    danger: "#c62828",
    dangerHover: "#a51f1f",
    dangerSoft: "#fde8e8",
    // 5.7:1 on neutralSoft (the old #64748b was 4.23:1, under AA).
    neutral: "#526077",
    neutralSoft: "#eef2f6",
    overlay: "rgba(15, 23, 42, 0.45)",
    nav: "#0f1b33",
    navText: "#e6ecf7",
    navTextMuted: "#8b9ab5",
    navActive: "#1e2f52",
  },
  shadow: {
    sm: "0 1px 2px rgba(15, 23, 42, 0.06)",
    md: "0 2px 8px rgba(15, 23, 42, 0.08)",
    lg: "0 12px 32px rgba(15, 23, 42, 0.18)",
  },
};

const dark = {
  ...shared,
  color: {
    bg: "#0b1120",
    surface: "#111a2e",
    surfaceMuted: "#0f172a",
    surfaceRaised: "#17223a",
    border: "#22304a",
    borderStrong: "#64748b",
    text: "#e5eaf3",
    textMuted: "#94a3b8",
    textInverse: "#0b1120",
    // 4.95:1 on primarySoft (info badges, the balance pill); the old #5b8cff was 4.38:1.
    primary: "#6b97ff",
    primaryHover: "#7aa2ff",
    primaryText: "#0b1120",
    primarySoft: "#1b2b52",
    focus: "#7aa2ff",
    success: "#4ade80",
    successSoft: "#12331f",
    warning: "#fbbf24",
    warningSoft: "#3a2a0a",
    danger: "#f87171",
    dangerHover: "#fca5a5",
    dangerSoft: "#3b1518",
    neutral: "#94a3b8",
    neutralSoft: "#1e293b",
    overlay: "rgba(2, 6, 23, 0.7)",
    nav: "#0a1020",
    navText: "#e5eaf3",
    navTextMuted: "#94a3b8",
    navActive: "#18254a",
  },
  shadow: {
    sm: "0 1px 2px rgba(0, 0, 0, 0.4)",
    md: "0 2px 10px rgba(0, 0, 0, 0.45)",
    lg: "0 16px 40px rgba(0, 0, 0, 0.6)",
  },
};

/*
 * Light by default; dark when the OS asks for it unless the user pinned light, or when the
 * user pinned dark. `data-theme` is set on <html> by applyThemePreference before first paint.
 */
globalStyle(":root", { vars: assignVars(vars, light), colorScheme: "light" });
globalStyle(':root:not([data-theme="light"])', {
  "@media": {
    "(prefers-color-scheme: dark)": { vars: assignVars(vars, dark), colorScheme: "dark" },
  },
});
globalStyle(':root[data-theme="dark"]', { vars: assignVars(vars, dark), colorScheme: "dark" });

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html, body", { margin: 0, padding: 0 });
globalStyle("body", {
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: "antialiased",
});
globalStyle("h1, h2, h3, h4, p", { margin: 0 });

/** Text for screen readers only (e.g. a status that is shown visually as a coloured dot). */
globalStyle(".sr-only", {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});
