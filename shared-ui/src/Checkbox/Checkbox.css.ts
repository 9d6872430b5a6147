import { style } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

export const box = style({
  width: "18px",
  height: "18px",
  flexShrink: 0,
  display: "grid",
  placeItems: "center",
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primaryText,
  transition: "background-color 120ms, border-color 120ms",
});

export const checkbox = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&[data-disabled]": { opacity: 0.6, cursor: "not-allowed" },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const boxState = style({
  selectors: {
    [`${checkbox}[data-selected] &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
    [`${checkbox}[data-focus-visible] &`]: focusRing,
  },
});
