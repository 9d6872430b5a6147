import { globalStyle, style } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { media, vars } from "../theme/theme.css";

/*
 * Under 1024 px (phones, tablets) each row becomes a card: the header row is kept for screen
 * readers only, the row header (the identifying column) leads the card, the other cells flow
 * after it and the last one (the actions) takes its own line. Table.tsx sets every role
 * explicitly, so the table keeps its semantics whatever the display.
 */
const stacked = media.compact;

export const wrapper = style({
  // Contains absolutely placed content (visually hidden labels) so it cannot widen the page.
  position: "relative",
  width: "100%",
  maxWidth: "100%",
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  // Focusable while the table overflows, to scroll it with the arrow keys (Table.tsx).
  selectors: { "&:focus-visible": focusRing },
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  outline: "none",
  "@media": { [stacked]: { display: "block" } },
});

globalStyle(`${table} > thead`, {
  "@media": {
    [stacked]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});

globalStyle(`${table} > tbody`, { "@media": { [stacked]: { display: "block" } } });

export const column = style({
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  "@media": { "screen and (max-width: 1440px)": { paddingInline: vars.space.md } },
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const row = style({
  selectors: {
    "&:not(:last-child)": { borderBottom: `1px solid ${vars.color.border}` },
  },
  "@media": {
    "(hover: hover)": { selectors: { "&:hover": { background: vars.color.surfaceMuted } } },
    [stacked]: {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      columnGap: vars.space.lg,
      rowGap: vars.space.sm,
      padding: vars.space.lg,
    },
  },
});

export const cell = style({
  padding: `${vars.space.md} ${vars.space.lg}`,

  verticalAlign: "middle",
  // Row headers are <th>: keep them looking like the other cells.
  textAlign: "left",
  fontWeight: "inherit",
  "@media": {
    // Laptops: tighter columns, so wide admin tables fit without scrolling.
    "screen and (max-width: 1440px)": { paddingInline: vars.space.md },
    [stacked]: {
      display: "block",
      padding: 0,
      minWidth: 0,
      overflowWrap: "anywhere",
      selectors: {
        '&[role="rowheader"]': {
          flexBasis: "100%",
          fontWeight: vars.fontWeight.semibold,
          textAlign: "left",
        },
        "&:last-child:not(:first-child)": { flexBasis: "100%" },
      },
    },
  },
});

export const empty = style({
  padding: vars.space.xxl,
  textAlign: "center",
  color: vars.color.textMuted,
});
