import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const form = style({ display: "grid", gap: vars.space.md, maxWidth: "640px" });

export const files = style({
  display: "grid",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
