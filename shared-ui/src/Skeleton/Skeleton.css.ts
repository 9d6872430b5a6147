import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

const pulse = keyframes({ "0%, 100%": { opacity: 1 }, "50%": { opacity: 0.45 } });

export const skeleton = style({
  display: "block",
  background: vars.color.neutralSoft,
  borderRadius: vars.radius.sm,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
