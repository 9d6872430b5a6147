import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const root = style({
  display: "flex",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.lg,
  marginBottom: vars.space.xl,
  flexWrap: "wrap",
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: "-0.01em",
  lineHeight: vars.lineHeight.tight,
});

export const description = style({ color: vars.color.textMuted, marginTop: vars.space.xs });

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.xl });
