import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const sections = style({ display: "grid", gap: vars.space.lg });

export const section = style({
  display: "grid",
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { "&:first-child": { paddingTop: 0, borderTop: "none" } },
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
});

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const code = style({
  fontFamily: vars.font.mono,
  fontWeight: vars.fontWeight.semibold,
  userSelect: "all",
});
