import { vars } from "@hosting-portal/shared-ui/theme";
import { globalStyle, style } from "@vanilla-extract/css";

export const details = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  rowGap: vars.space.sm,
  columnGap: vars.space.xl,
  margin: 0,
});

globalStyle(`${details} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
globalStyle(`${details} dd`, { margin: 0, fontWeight: vars.fontWeight.medium });

export const credits = style({ fontVariantNumeric: "tabular-nums" });

export const form = style({ maxWidth: "420px" });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const fields = style({ display: "grid", gap: vars.space.md });

export const device = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  flexWrap: "wrap",
  fontWeight: vars.fontWeight.semibold,
});

export const srOnly = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
