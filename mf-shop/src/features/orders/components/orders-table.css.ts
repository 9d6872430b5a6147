import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const product = style({ fontWeight: vars.fontWeight.medium });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const number = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });

export const note = style({
  marginTop: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

/** Below the table: "Load more". */
export const footer = style({ marginTop: vars.space.md });
