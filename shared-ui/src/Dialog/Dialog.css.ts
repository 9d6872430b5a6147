import { keyframes, style } from "@vanilla-extract/css";
import { media, vars } from "../theme/theme.css";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 100,
  display: "grid",
  placeItems: "center",
  padding: vars.space.lg,
  overflowY: "auto",
  background: vars.color.overlay,
  "@media": { [media.phone]: { padding: vars.space.sm } },
  selectors: { "&[data-entering]": { animation: `${fadeIn} 120ms ease-out` } },
});

export const modal = style({
  width: "min(460px, 100%)",
  maxWidth: "100%",
  maxHeight: `calc(100dvh - 2 * ${vars.space.sm})`,
  overflowY: "auto",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
});

export const dialog = style({
  padding: vars.space.xl,
  outline: "none",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  "@media": { [media.phone]: { padding: vars.space.lg } },
});

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const body = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: vars.space.sm,
});
