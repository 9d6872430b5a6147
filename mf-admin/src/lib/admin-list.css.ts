import { media, vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

/**
 * Search and filters in one row on a laptop; stacked, full width, on a phone. Aligned at the top:
 * the labels are one line each, so the inputs line up whatever the search's description below.
 */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-start",
  gap: vars.space.md,
  marginBottom: vars.space.md,
  "@media": { [media.phone]: { flexDirection: "column", alignItems: "stretch" } },
});

// In the phone's column the flex basis would be a height: there each control takes the full width.
export const search = style({
  flex: "1 1 280px",
  minWidth: 0,
  maxWidth: "480px",
  "@media": { [media.phone]: { flex: "none", maxWidth: "none" } },
});

export const filter = style({
  flex: "0 1 200px",
  minWidth: "160px",
  "@media": { [media.phone]: { flex: "none" } },
});

export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
