import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const page = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: vars.space.xl,
  background: `radial-gradient(1200px 600px at 10% -10%, ${vars.color.primarySoft}, transparent), ${vars.color.bg}`,
});

export const column = style({
  width: "min(420px, 100%)",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xl,
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
});

export const brandMark = style({
  width: "34px",
  height: "34px",
  borderRadius: vars.radius.md,
  display: "grid",
  placeItems: "center",
  background: vars.color.primary,
  color: vars.color.primaryText,
});

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const subtitle = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  marginTop: vars.space.xs,
});

export const footer = style({
  textAlign: "center",
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const submit = style({ width: "100%" });
