import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const wrap = style({ maxWidth: "560px", margin: `${vars.space.xxl} auto` });

export const icon = style({
  width: "40px",
  height: "40px",
  display: "grid",
  placeItems: "center",
  borderRadius: vars.radius.full,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const text = style({ color: vars.color.textMuted });
