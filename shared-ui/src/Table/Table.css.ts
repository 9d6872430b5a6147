import { style } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { vars } from "../theme/theme.css";

export const wrapper = style({
  width: "100%",
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  outline: "none",
});

export const column = style({
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
  outline: "none",
  selectors: {
    "&[data-allows-sorting]": { cursor: "pointer" },
    "&[data-focus-visible]": { ...focusRing, outlineOffset: "-2px" },
  },
});

export const sortIcon = style({ marginLeft: vars.space.xs, opacity: 0.8 });

export const row = style({
  outline: "none",
  selectors: {
    "&:not(:last-child)": { borderBottom: `1px solid ${vars.color.border}` },
    "&[data-hovered]": { background: vars.color.surfaceMuted },
    "&[data-focus-visible]": { ...focusRing, outlineOffset: "-2px" },
  },
});

export const cell = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  verticalAlign: "middle",
  outline: "none",
  selectors: { "&[data-focus-visible]": { ...focusRing, outlineOffset: "-2px" } },
});

export const empty = style({
  padding: vars.space.xxl,
  textAlign: "center",
  color: vars.color.textMuted,
});
