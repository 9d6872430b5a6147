import { style } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { vars } from "../theme/theme.css";

export const link = style({
  color: vars.color.primary,
  textDecoration: "none",
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  borderRadius: vars.radius.sm,
  selectors: {
    "&[data-hovered]": { textDecoration: "underline" },
    "&[data-focus-visible]": focusRing,
  },
});
