import { vars } from "@hosting-portal/shared-ui/theme";
import { globalStyle, style } from "@vanilla-extract/css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "screen and (max-width: 900px)": { gridTemplateColumns: "1fr" } },
});

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const quickAmounts = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });

export const fieldset = style({
  border: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const quickLabel = style({
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const selected = style({
  boxShadow: `inset 0 0 0 2px ${vars.color.primary}`,
});

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const paymentContainer = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  minHeight: "48px",
});

export const sandbox = style({
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  background: vars.color.surfaceMuted,
});

export const sandboxHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const approval = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });

export const summary = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  rowGap: vars.space.sm,
  columnGap: vars.space.md,
  margin: 0,
});

globalStyle(`${summary} dt`, { color: vars.color.textMuted });
globalStyle(`${summary} dd`, {
  margin: 0,
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  fontWeight: vars.fontWeight.medium,
});

export const total = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const amountCell = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });

export const negative = style({ color: vars.color.danger });
