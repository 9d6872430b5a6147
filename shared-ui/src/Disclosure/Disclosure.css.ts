import { style } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

export const disclosure = style({ display: "flex", flexDirection: "column" });

export const trigger = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: "transparent",
  border: "none",
  borderRadius: vars.radius.md,
  color: "inherit",
  font: "inherit",
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  textAlign: "left",
  gap: vars.space.sm,
  selectors: { "&[data-focus-visible]": focusRing },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const chevron = style({
  transition: "transform 150ms",
  selectors: { [`${disclosure}[data-expanded] &`]: { transform: "rotate(90deg)" } },
});

export const panel = style({});

export const heading = style({ margin: 0, font: "inherit" });

export const titleRow = style({ display: "inline-flex", alignItems: "center", gap: "inherit" });
