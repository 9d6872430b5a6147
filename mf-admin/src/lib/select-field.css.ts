import { media, TOUCH_TARGET, vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const select = style({
  width: "100%",
  minHeight: "38px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    "&:focus-visible": {
      outline: "none",
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 1px ${vars.color.focus}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
