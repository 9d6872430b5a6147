import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
