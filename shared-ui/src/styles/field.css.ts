import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";
import { controlRule, errorRule, fieldRule, focusedControlRule, labelRule } from "./field-rules";

export const field = style(fieldRule);

export const label = style(labelRule);

export const input = style({
  ...controlRule,
  outline: "none",
  selectors: {
    "&[data-focused]": focusedControlRule,
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-disabled]": { opacity: 0.6 },
    "&::placeholder": { color: vars.color.textMuted },
  },
});

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const error = style(errorRule);
