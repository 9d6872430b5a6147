import { style } from "@vanilla-extract/css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

export const group = style({
  display: "flex",
  alignItems: "stretch",
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: "hidden",
  selectors: {
    "&[data-focus-within]": {
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 1px ${vars.color.focus}`,
    },
    "&[data-invalid]": { borderColor: vars.color.danger },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  border: "none",
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  outline: "none",
});

export const stepper = style({
  width: "34px",
  "@media": { [media.touch]: { width: TOUCH_TARGET } },
  border: "none",
  borderLeft: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  selectors: {
    "&[data-hovered]": { background: vars.color.neutralSoft },
    "&[data-disabled]": { opacity: 0.5, cursor: "not-allowed" },
  },
});
