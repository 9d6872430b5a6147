import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { focusRing } from "../styles/focus.css";
import { media, TOUCH_TARGET, vars } from "../theme/theme.css";

const slideIn = keyframes({
  from: { transform: "translateY(8px)", opacity: 0 },
  to: { transform: "none", opacity: 1 },
});

export const region = style({
  position: "fixed",
  bottom: vars.space.xl,
  right: vars.space.xl,
  zIndex: 200,
  display: "flex",
  flexDirection: "column-reverse",
  gap: vars.space.sm,
  outline: "none",
  selectors: { "&[data-focus-visible]": focusRing },
  "@media": {
    // Phones: full width at the bottom, clear of the screen's edges.
    [media.phone]: { left: vars.space.md, right: vars.space.md, bottom: vars.space.md },
  },
});

export const toast = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.md,
  width: "min(380px, calc(100vw - 24px))",
  "@media": { [media.phone]: { width: "100%" } },
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: "4px",
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  animation: `${slideIn} 160ms ease-out`,
  outline: "none",
  selectors: { "&[data-focus-visible]": focusRing },
});

export const variant = styleVariants({
  success: { borderLeftColor: vars.color.success },
  error: { borderLeftColor: vars.color.danger },
  info: { borderLeftColor: vars.color.primary },
  warning: { borderLeftColor: vars.color.warning },
});

export const content = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const title = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const close = style({
  border: "none",
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xxs,
  borderRadius: vars.radius.sm,
  selectors: { "&[data-focus-visible]": focusRing, "&[data-hovered]": { color: vars.color.text } },
  "@media": {
    [media.touch]: {
      minWidth: TOUCH_TARGET,
      minHeight: TOUCH_TARGET,
      margin: `-${vars.space.sm} -${vars.space.sm} -${vars.space.sm} 0`,
    },
  },
});
