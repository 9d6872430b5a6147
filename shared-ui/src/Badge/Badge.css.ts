import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textTransform: "capitalize",
  whiteSpace: "nowrap",
});

export const dot = style({
  width: "6px",
  height: "6px",
  borderRadius: vars.radius.full,
  background: "currentColor",
});

export const tone = styleVariants({
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  neutral: { background: vars.color.neutralSoft, color: vars.color.neutral },
  info: { background: vars.color.primarySoft, color: vars.color.primary },
});
