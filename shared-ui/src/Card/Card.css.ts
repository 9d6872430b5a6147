import { style } from "@vanilla-extract/css";
import { media, vars } from "../theme/theme.css";

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  minWidth: 0,
  "@media": { [media.phone]: { padding: vars.space.lg } },
});

/** Title left, actions right; the actions move under the title when they do not fit beside it. */
export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space.md,
});

export const heading = style({ flex: "1 1 14rem", minWidth: 0 });

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
