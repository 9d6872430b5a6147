import { style } from "@vanilla-extract/css";
import { input } from "../styles/field.css";
import { focusedControlRule } from "../styles/field-rules";
import { vars } from "../theme/theme.css";

/** TextField's box, with the native select's own focus and invalid states. */
export const select = style([
  input,
  {
    selectors: {
      "&:focus-visible": focusedControlRule,
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    },
  },
]);
