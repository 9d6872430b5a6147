import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });

export const name = style({ fontWeight: vars.fontWeight.semibold });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const steps = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const setup = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: vars.space.lg,
  alignItems: "center",
  "@media": { "screen and (max-width: 520px)": { gridTemplateColumns: "1fr" } },
});

export const qr = style({
  width: "180px",
  height: "180px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: "#fff",
  padding: vars.space.xs,
});

export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  wordBreak: "break-all",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  userSelect: "all",
});

export const dialogActions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const srOnly = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
