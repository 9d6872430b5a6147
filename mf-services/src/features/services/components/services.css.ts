import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

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

export const simulatedNote = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

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
