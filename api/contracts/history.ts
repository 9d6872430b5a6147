import { z } from "zod/mini";
import { Timestamp } from "./common.ts";

/** The graph ranges of a service's history and what each reads. */
export const HistoryRange = z.enum(["hour", "day", "week"]);
export type HistoryRange = z.infer<typeof HistoryRange>;

export const HistoryQuery = z.object({ range: z.optional(HistoryRange) });

const Series = z.array(z.nullable(z.number()));

/**
 * getServiceHistory: a VPS's figures over the last hour (a point a minute), day (five minutes) or
 * week (an hour), as columns of equal length: `t` in Unix seconds, then one value per time. A
 * null is a gap (the server was not sampled then). Network figures are bytes per second; the
 * month's traffic is in bytes, counted since the month began (UTC) or since sampling began.
 */
export const ServiceHistory = z.object({
  range: HistoryRange,
  step_seconds: z.number(),
  from: Timestamp,
  to: Timestamp,
  t: z.array(z.number()),
  cpu_percent: Series,
  memory_used_bytes: Series,
  memory_total_bytes: Series,
  net_in_bps: Series,
  net_out_bps: Series,
  traffic: z.object({
    /** `2026-11`. */
    month: z.string(),
    in_bytes: z.number(),
    out_bytes: z.number(),
    /** The last reading the sums include; null before the first. */
    updated_at: z.nullable(Timestamp),
  }),
});
export type ServiceHistory = z.infer<typeof ServiceHistory>;

export const historyMessages = {
  title: "History",
  unavailable: "The history is not available right now",
  empty: "No samples yet: the server is sampled once a minute.",
} as const;
