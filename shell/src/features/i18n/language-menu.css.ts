import { media, TOUCH_TARGET, vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const button = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "36px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  font: "inherit",
  fontSize: vars.fontSize.sm,
  flexShrink: 0,
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceMuted },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

/** Read by screen readers as the start of the button's name, not shown. */
export const hiddenLabel = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
});

/** On a phone the top bar shows the language's code only (the menu names every language). */
export const name = style({ "@media": { [media.phone]: { display: "none" } } });
export const code = style({
  display: "none",
  textTransform: "uppercase",
  "@media": { [media.phone]: { display: "inline" } },
});

/** The sign-in pages: the menu above the card, at the column's right. */
export const languageCorner = style({ display: "flex", justifyContent: "flex-end" });
