import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  width: "100%",
});

export const labelRow = style({
  display: "flex",
  justifyContent: "space-between",
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const label = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const track = style({
  height: "8px",
  borderRadius: vars.radius.full,
  background: vars.color.neutralSoft,
  overflow: "hidden",
});

export const fill = style({
  height: "100%",
  borderRadius: vars.radius.full,
  transition: "width 300ms",
});

export const tone = styleVariants({
  primary: { background: vars.color.primary },
  success: { background: vars.color.success },
  warning: { background: vars.color.warning },
  danger: { background: vars.color.danger },
});
