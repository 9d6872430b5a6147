import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

/** A notice across the frame, under the top bar (the address to verify, a suspended account). */
export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
