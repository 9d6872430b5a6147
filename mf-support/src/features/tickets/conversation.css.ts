import { vars } from "@hosting-portal/shared-ui/theme";
import { style, styleVariants } from "@vanilla-extract/css";

export const list = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.sm,
});

const message = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
});

/** Whose message it is, in the theme's colours (both themes): staff in the primary tint, notes in the warning tint. */
export const bubble = styleVariants({
  customer: [message, { background: vars.color.surface }],
  staff: [message, { background: vars.color.primarySoft }],
  internal: [message, { background: vars.color.warningSoft }],
  system: [message, { background: vars.color.surfaceMuted }],
});

export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const body = style({
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  margin: `${vars.space.xs} 0`,
});

export const files = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.fontSize.sm });
