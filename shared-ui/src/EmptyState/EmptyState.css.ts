import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.textMuted,
});

export const icon = style({
  width: "44px",
  height: "44px",
  display: "grid",
  placeItems: "center",
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  marginBottom: vars.space.xs,
});

export const title = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.md,
});

export const description = style({ fontSize: vars.fontSize.sm, maxWidth: "48ch" });

export const action = style({ marginTop: vars.space.sm });
