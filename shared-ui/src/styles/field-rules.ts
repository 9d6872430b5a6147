import { media, TOUCH_TARGET, vars } from "../theme/contract.css";

/**
 * The style rules of a form field, as plain objects for any app's .css.ts
 * (`@hosting-portal/shared-ui/field-rules`): TextField, NumberField and Select use them, and so can a
 * remote's own control, so every field looks the same. Plain objects,
 * not classes: each app compiles them into its own CSS, nothing is shared at run time.
 */

/** The label, the control and the texts under it, stacked. */
export const fieldRule = { display: "flex", flexDirection: "column", gap: vars.space.xs } as const;

export const labelRule = {
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
} as const;

/** The box of a control (input, select); focus and invalid states are the control's own. */
export const controlRule = {
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  minHeight: "38px",
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
} as const;

/** The ring a focused control shows (with `outline: none`). */
export const focusedControlRule = {
  borderColor: vars.color.focus,
  boxShadow: `0 0 0 1px ${vars.color.focus}`,
} as const;

export const errorRule = { fontSize: vars.fontSize.sm, color: vars.color.danger } as const;
