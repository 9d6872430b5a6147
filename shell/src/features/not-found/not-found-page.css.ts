import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const standalone = style({ minHeight: "100vh", display: "grid", placeItems: "center" });

export const page = style({
  minHeight: "60vh",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: "center",
});

export const code = style({
  fontSize: "4rem",
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  lineHeight: 1,
});

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });
