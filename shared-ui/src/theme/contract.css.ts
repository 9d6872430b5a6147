import { createGlobalThemeContract } from "@vanilla-extract/css";

/*
 * A global contract: variable names are fixed strings (--portal-color-bg, ...), so the shell
 * and remotes built at different times agree on them even if their class names differ.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      bg: null,
      surface: null,
      surfaceMuted: null,
      surfaceRaised: null,
      border: null,
      borderStrong: null,
      text: null,
      textMuted: null,
      textInverse: null,
      primary: null,
      primaryHover: null,
      primaryText: null,
      primarySoft: null,
      focus: null,
      success: null,
      successSoft: null,
      warning: null,
      warningSoft: null,
      danger: null,
      dangerHover: null,
      dangerSoft: null,
      neutral: null,
      neutralSoft: null,
      overlay: null,
      nav: null,
      navText: null,
      navTextMuted: null,
      navActive: null,
    },
    space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
    font: { body: null, mono: null },
    fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
    fontWeight: { regular: null, medium: null, semibold: null, bold: null },
    lineHeight: { tight: null, normal: null },
    radius: { sm: null, md: null, lg: null, full: null },
    shadow: { sm: null, md: null, lg: null },
  },
  (_value, path) => `portal-${path.join("-")}`,
);

/*
 * Breakpoints (plain strings for `@media` in any app's .css.ts). Below `compact` the side
 * navigation is a drawer and tables stack; `touch` also covers coarse pointers on wide screens,
 * where every control gets a 44x44 px target.
 */
export const media = {
  /** Phones and tablets: under 1024 px wide. */
  compact: "screen and (max-width: 1023.98px)",
  /** Laptops and up: the side navigation is pinned. */
  wide: "screen and (min-width: 1024px)",
  /** Phones: under 600 px wide. */
  phone: "screen and (max-width: 599.98px)",
  /** Where controls must be at least 44x44 px. */
  touch: "screen and (max-width: 1023.98px), (pointer: coarse)",
} as const;

/** The smallest touch target (WCAG 2.5.5 AAA / platform guidelines), in CSS px. */
export const TOUCH_TARGET = "44px";
