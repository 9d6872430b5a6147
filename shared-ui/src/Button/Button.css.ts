import { style, styleVariants } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

export const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  fontFamily: "inherit",
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  cursor: "pointer",
  whiteSpace: "nowrap",
  transition: "background-color 120ms, border-color 120ms, color 120ms",
  selectors: {
    "&[data-focus-visible]": focusRing,
    "&[data-disabled]": { opacity: 0.55, cursor: "not-allowed" },
    "&[data-pending]": { cursor: "progress" },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } },
});

export const size = styleVariants({
  sm: {
    padding: `${vars.space.xs} ${vars.space.md}`,
    fontSize: vars.fontSize.sm,
    minHeight: "30px",
    "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
  },
  md: {
    padding: `${vars.space.sm} ${vars.space.lg}`,
    fontSize: vars.fontSize.md,
    minHeight: "38px",
    "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.primaryText,
    selectors: {
      "&[data-hovered]:not([data-disabled])": { background: vars.color.primaryHover },
      "&[data-pressed]:not([data-disabled])": { background: vars.color.primaryHover },
    },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: {
      "&[data-hovered]:not([data-disabled])": { background: vars.color.surfaceMuted },
      "&[data-pressed]:not([data-disabled])": { background: vars.color.neutralSoft },
    },
  },
  ghost: {
    background: "transparent",
    color: "inherit",
    selectors: {
      "&[data-hovered]:not([data-disabled])": { background: vars.color.neutralSoft },
    },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.textInverse,
    selectors: {
      "&[data-hovered]:not([data-disabled])": { background: vars.color.dangerHover },
    },
  },
});
