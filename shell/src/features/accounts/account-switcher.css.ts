import { media, TOUCH_TARGET, vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "36px",
  maxWidth: "200px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  font: "inherit",
  fontSize: vars.fontSize.sm,
  flexShrink: 1,
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceMuted },
    "&[data-focus-visible]": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
});

export const name = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
