import { style } from "@vanilla-extract/css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const input = style({
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  minHeight: "38px",
  outline: "none",
  selectors: {
    "&[data-focused]": {
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 1px ${vars.color.focus}`,
    },
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-disabled]": { opacity: 0.6 },
    "&::placeholder": { color: vars.color.textMuted },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
