import {
  controlRule,
  errorRule,
  fieldRule,
  focusedControlRule,
  labelRule,
} from "@hosting-portal/shared-ui/field-rules";
import { vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const form = style({ maxWidth: "420px" });

export const fields = style({ display: "grid", gap: vars.space.md });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const field = style(fieldRule);

export const label = style(labelRule);

export const select = style({
  ...controlRule,
  selectors: {
    "&:focus-visible": { outline: "none", ...focusedControlRule },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const error = style(errorRule);
