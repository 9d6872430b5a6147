import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
  gap: vars.space.lg,
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  height: "100%",
});

export const price = style({
  display: "flex",
  alignItems: "baseline",
  gap: vars.space.xs,
  color: vars.color.text,
});

export const amount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: "tabular-nums",
});

export const per = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const specs = style({
  display: "grid",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  flex: 1,
});

export const spec = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
});

export const specLabel = style({ color: vars.color.textMuted });

export const specValue = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textAlign: "right",
});

export const orderButton = style({ width: "100%" });

export const skeletonCard = style({ display: "grid", gap: vars.space.md });
