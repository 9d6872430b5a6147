import { vars } from "../theme/theme.css";

/** The one focus ring, shown only for keyboard focus (react-aria's data-focus-visible). */
export const focusRing = {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: "2px",
} as const;
