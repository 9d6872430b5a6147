import { vars } from "@hosting-portal/shared-ui/theme";
import { globalStyle, style } from "@vanilla-extract/css";

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const srOnly = style({
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(340px, 1fr))",
  gap: vars.space.lg,
  alignItems: "start",
});

export const details = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.lg,
  rowGap: vars.space.sm,
  margin: 0,
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  wordBreak: "break-word",
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const stats = style({ display: "grid", gap: vars.space.md });

/** A figure shown as text instead of a bar: the row of a Meter without its track. */
export const figure = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const figureLabel = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const panelBody = style({ display: "grid", gap: vars.space.md });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const secret = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.sm,
});

export const secretField = style({ flex: "1 1 16rem" });
// A password is read character by character: the monospace font tells l from 1 and O from 0.
globalStyle(`${secretField} input`, { fontFamily: vars.font.mono });

export const processor = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
});

export const vendor = style({
  display: "grid",
  placeItems: "center",
  width: 56,
  height: 56,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
});

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const dialogBody = style({ display: "grid", gap: vars.space.md });
export const dialogActions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.sm,
});

/** Live Statistics spans the whole row under the details and controls. */
export const wide = style({ gridColumn: "1 / -1" });
