import { media, vars } from "@hosting-portal/shared-ui/theme";
import { style } from "@vanilla-extract/css";

export const form = style({ display: "grid", gap: vars.space.md, maxWidth: "640px" });

export const files = style({
  display: "grid",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

/** The queue's filters: side by side on a wide screen, stacked on a phone. */
export const filters = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))",
  alignItems: "end",
});

/** A ticket for staff: the conversation and the answer beside the ticket and customer; stacked below 1024 px. */
export const staffColumns = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)",
  alignItems: "start",
  "@media": { [media.compact]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const stack = style({ display: "grid", gap: vars.space.lg, alignContent: "start" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
});

export const status = style({ display: "flex", alignItems: "center", gap: vars.space.md });

export const subheading = style({
  fontSize: vars.fontSize.sm,
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
});

export const error = style({ color: vars.color.danger, margin: 0 });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const plainList = style({ margin: 0, paddingLeft: vars.space.lg });
