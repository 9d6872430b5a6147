import { vars } from "@hosting-portal/shared-ui/theme";
import { globalStyle, style } from "@vanilla-extract/css";

export const body = style({ display: "grid", gap: vars.space.lg, minWidth: 0 });

export const ranges = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  border: 0,
  padding: 0,
  margin: 0,
});

export const range = style({
  font: "inherit",
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  minHeight: 36,
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
    },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const charts = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))",
});

export const figure = style({ margin: 0, display: "grid", gap: vars.space.xs, minWidth: 0 });
export const caption = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const captionTitle = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const chart = style({ width: "100%", minWidth: 0 });
// Chartist's labels and grid in the portal's colours (its own stylesheet is for a white page).
globalStyle(`${chart} .ct-label`, { color: vars.color.textMuted, fill: vars.color.textMuted });
globalStyle(`${chart} .ct-grid`, { stroke: vars.color.border, strokeDasharray: "2px" });
globalStyle(`${chart} .ct-series-a .ct-line`, { stroke: vars.color.primary, strokeWidth: 2 });
globalStyle(`${chart} .ct-series-a .ct-area`, { fill: vars.color.primary });
globalStyle(`${chart} .ct-series-b .ct-line`, { stroke: vars.color.warning, strokeWidth: 2 });
globalStyle(`${chart} .ct-series-b .ct-area`, { fill: vars.color.warning });

export const legend = style({
  display: "flex",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const swatchA = style({ color: vars.color.primary });
export const swatchB = style({ color: vars.color.warning });

export const traffic = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
});

export const tableWrap = style({ overflowX: "auto", maxHeight: 320, overflowY: "auto" });
export const table = style({
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  width: "100%",
  fontVariantNumeric: "tabular-nums",
});
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: "right",
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
globalStyle(`${table} th:first-child, ${table} td:first-child`, { textAlign: "left" });
