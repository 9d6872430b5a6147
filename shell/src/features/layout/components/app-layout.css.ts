import { media, TOUCH_TARGET, vars } from "@hosting-portal/shared-ui/theme";
import { keyframes, style } from "@vanilla-extract/css";

export const SIDEBAR_WIDTH = "248px";

export const shell = style({ minHeight: "100vh" });

const focusOutline = { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" } as const;

/** First stop for the keyboard: hidden until focused, then shown over the top bar. */
export const skipLink = style({
  position: "fixed",
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 300,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  transform: "translateY(-200%)",
  selectors: { "&:focus": { transform: "none", ...focusOutline } },
});

export const sidebar = style({
  position: "fixed",
  inset: "0 auto 0 0",
  width: SIDEBAR_WIDTH,
  display: "flex",
  flexDirection: "column",
  background: vars.color.nav,
  color: vars.color.navText,
  borderRight: `1px solid ${vars.color.border}`,
  overflowY: "auto",
  zIndex: 20,
  "@media": { [media.compact]: { display: "none" } },
});

const slideIn = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "none" } });

export const drawerOverlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 100,
  background: vars.color.overlay,
});

export const drawer = style({
  position: "fixed",
  inset: "0 auto 0 0",
  width: "min(300px, 85vw)",
  display: "flex",
  flexDirection: "column",
  background: vars.color.nav,
  color: vars.color.navText,
  boxShadow: vars.shadow.lg,
  overflowY: "auto",
  overscrollBehavior: "contain",
  selectors: { "&[data-entering]": { animation: `${slideIn} 160ms ease-out` } },
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const drawerDialog = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  outline: "none",
  minHeight: "100%",
});

export const drawerClose = style({
  position: "absolute",
  top: "8px",
  right: vars.space.sm,
  width: TOUCH_TARGET,
  height: TOUCH_TARGET,
  display: "grid",
  placeItems: "center",
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.navText,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.navActive },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
  },
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: "60px",
  padding: `0 ${vars.space.lg}`,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  letterSpacing: "0.01em",
  color: vars.color.navText,
  textDecoration: "none",
  flexShrink: 0,
});

export const brandMark = style({
  width: "30px",
  height: "30px",
  borderRadius: vars.radius.md,
  display: "grid",
  placeItems: "center",
  background: "linear-gradient(135deg, #3b6cf0, #2457d6)",
  color: "#fff",
});

export const main = style({
  marginLeft: SIDEBAR_WIDTH,
  minHeight: "100vh",
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  "@media": { [media.compact]: { marginLeft: 0 } },
});

export const topbar = style({
  position: "sticky",
  top: 0,
  zIndex: 10,
  height: "60px",
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.lg,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": {
    [media.compact]: { padding: `0 ${vars.space.md}`, gap: vars.space.md },
    [media.phone]: { padding: `0 ${vars.space.sm}`, gap: vars.space.sm },
  },
});

/** Opens the navigation drawer; only under 1024 px, at the start of the top bar. */
export const menuButton = style({
  display: "none",
  marginRight: "auto",
  width: TOUCH_TARGET,
  height: TOUCH_TARGET,
  flexShrink: 0,
  placeItems: "center",
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceMuted },
    "&[data-focus-visible]": { ...focusOutline, outlineOffset: "-2px" },
  },
  "@media": { [media.compact]: { display: "grid" } },
});

export const balance = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: "tabular-nums",
  textDecoration: "none",
  whiteSpace: "nowrap",
  flexShrink: 0,
});

export const welcome = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  "@media": { [media.phone]: { display: "none" } },
});

/** "Hi, name" on phones instead of the full greeting; a long name is cut with an ellipsis. */
export const welcomeShort = style([
  welcome,
  {
    display: "none",
    maxWidth: "9rem",
    "@media": { [media.phone]: { display: "block" } },
  },
]);

export const avatar = style({
  width: "32px",
  height: "32px",
  borderRadius: vars.radius.full,
  display: "grid",
  placeItems: "center",
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  textTransform: "uppercase",
});

export const userButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.xxs,
  paddingRight: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  font: "inherit",
  flexShrink: 0,
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceMuted },
    "&[data-focus-visible]": focusOutline,
  },
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET, paddingLeft: vars.space.xs } },
});

export const content = style({
  flex: 1,
  width: "100%",
  maxWidth: "1280px",
  minWidth: 0,
  margin: "0 auto",
  padding: vars.space.xxl,
  outline: "none",
  "@media": {
    [media.compact]: { padding: vars.space.xl },
    [media.phone]: { padding: `${vars.space.lg} ${vars.space.md}` },
  },
});

export const nav = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xl}`,
});

export const navSection = style({
  marginTop: vars.space.lg,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.08em",
  color: vars.color.navTextMuted,
});

export const navItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.navText,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  opacity: 0.85,
  outline: "none",
  "@media": { [media.touch]: { minHeight: TOUCH_TARGET } },
  selectors: {
    "&:hover": { background: vars.color.navActive, opacity: 1 },
    '&[aria-current="page"]': {
      background: vars.color.navActive,
      opacity: 1,
      boxShadow: "inset 3px 0 0 #5b8cff",
    },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
  },
});

/* Scoped under the nav for specificity: the Disclosure's own trigger styles must not win. */
export const navTrigger = style([
  navItem,
  {
    selectors: {
      [`${nav} &`]: {
        width: "100%",
        border: "none",
        background: "transparent",
        cursor: "pointer",
        fontSize: vars.fontSize.sm,
        fontWeight: vars.fontWeight.medium,
        padding: `${vars.space.sm} ${vars.space.md}`,
        gap: vars.space.md,
      },
      [`${nav} &:hover`]: { background: vars.color.navActive },
    },
  },
]);

export const subNav = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} 0 ${vars.space.xs} ${vars.space.xl}`,
});

export const subItem = style([navItem, { fontFamily: vars.font.mono, fontSize: vars.fontSize.xs }]);

export const dot = style({
  width: "8px",
  height: "8px",
  borderRadius: vars.radius.full,
  flexShrink: 0,
});

export const dotActive = style({
  background: "#22c55e",
  boxShadow: "0 0 0 3px rgba(34, 197, 94, 0.18)",
});

export const dotInactive = style({
  background: "#ef4444",
  boxShadow: "0 0 0 3px rgba(239, 68, 68, 0.18)",
});

export const navEmpty = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.navTextMuted,
});

export const pageFallback = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });
