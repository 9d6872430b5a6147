import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const form = style({ maxWidth: "420px" });

export const fields = style({ display: "grid", gap: vars.space.md });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
