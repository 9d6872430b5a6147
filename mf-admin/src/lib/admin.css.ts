import { vars } from "@hosting-portal/shared-ui/theme";
import { style, styleVariants } from "@vanilla-extract/css";

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const primaryText = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text });

// Long e-mail addresses may break, so wide admin tables fit a laptop screen.
export const muted = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: "anywhere",
});

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

/** The block holding a page's table (the table draws its own frame). */
export const tablePanel = style({ minWidth: 0 });

/** A date and time on one line (no three-line dates in narrow columns). */
export const date = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });

export const money = style({
  fontVariantNumeric: "tabular-nums",
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: "nowrap",
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  justifyContent: "flex-end",
  whiteSpace: "normal",
});

export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  gap: vars.space.md,
});

export const formActions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const dialogBody = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  minWidth: "min(440px, 80vw)",
});

export const note = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const summary = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))",
  gap: vars.space.md,
});

export const stat = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });

export const statValue = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
});

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const dot = style({
  display: "inline-block",
  width: "8px",
  height: "8px",
  borderRadius: vars.radius.full,
  marginRight: vars.space.xs,
});

export const dotTone = styleVariants({
  active: { background: vars.color.success },
  other: { background: vars.color.danger },
});

export const json = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  maxWidth: "360px",
});

/** A wrapper that takes no part in layout (it only listens for input events). */
export const contents = style({ display: "contents" });

/** A group of form fields under its own heading (a VPS product's server plan). */
export const fieldset = style({
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fieldsetNote = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** A load or provider failure inside a form or a row: the message, then its Retry. */
export const problem = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  overflowWrap: "anywhere",
});

/** Blocks one above the other inside a card: a note, then its table. */
export const blocks = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
