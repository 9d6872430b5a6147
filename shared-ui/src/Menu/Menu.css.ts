import { style } from "@vanilla-extract/css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

export const popover = style({
  minWidth: "200px",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  padding: vars.space.xs,
  outline: "none",
});

export const menu = style({ outline: "none", display: "flex", flexDirection: "column" });

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  outline: "none",
  textDecoration: "none",
  selectors: {
    "&[data-focused]": { background: vars.color.primarySoft },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
    "&[data-disabled]": { opacity: 0.5 },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const separator = style({
  height: "1px",
  margin: `${vars.space.xs} 0`,
  background: vars.color.border,
});
