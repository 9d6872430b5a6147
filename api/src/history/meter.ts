import type { ServerStatus } from "../platform/ports.ts";

/** A server's counters as last read, and this month's sums (table service_meters). */
export interface MeterState {
  lastAt: Date | null;
  lastIn: number | null;
  lastOut: number | null;
  lastUptime: number | null;
  /** `YYYY-MM-01` (UTC) of the month the sums count, or null before the first reading. */
  month: string | null;
  monthIn: number;
  monthOut: number;
}

export interface MeterReading {
  /** Bytes per second since the previous reading; null without one. */
  inRate: number | null;
  outRate: number | null;
  next: MeterState;
}

/** Longer between two readings and a rate over it says little (a sampler was down): a gap instead. */
const MAX_RATE_GAP_SECONDS = 15 * 60;

export const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/**
 * Bytes a cumulative counter moved since the last reading. The provider's counters start from zero
 * when the server (re)starts: a counter lower than before, or an uptime lower than before, means
 * a restart, and then everything it counts now was sent since (what was sent between the last
 * reading and the restart is lost: the provider keeps no total).
 */
export function counterDelta(last: number | null, current: number, restarted: boolean): number {
  if (last === null) return 0;
  if (restarted || current < last) return current;
  return current - last;
}

/**
 * Turns one reading into rates and the new meter state. The first reading only sets the baseline:
 * what the counter held then may have been sent in an earlier month, so it is not counted.
 */
export function advanceMeter(prev: MeterState, status: ServerStatus, at: Date): MeterReading {
  const month = monthOf(at);
  const restarted =
    prev.lastUptime !== null &&
    status.uptimeSeconds !== null &&
    status.uptimeSeconds < prev.lastUptime;
  const seconds = prev.lastAt ? (at.getTime() - prev.lastAt.getTime()) / 1000 : 0;
  const delta = (last: number | null, current: number | null) =>
    current === null ? null : counterDelta(last, current, restarted);
  const dIn = delta(prev.lastIn, status.netInBytes);
  const dOut = delta(prev.lastOut, status.netOutBytes);
  const sameMonth = prev.month === month;
  const rate = (d: number | null, last: number | null) =>
    d === null || last === null || !(seconds > 0) || seconds > MAX_RATE_GAP_SECONDS
      ? null
      : d / seconds;
  return {
    inRate: rate(dIn, prev.lastIn),
    outRate: rate(dOut, prev.lastOut),
    next: {
      lastAt: at,
      // A counter the provider did not report keeps the last one, so the next delta still works.
      lastIn: status.netInBytes ?? prev.lastIn,
      lastOut: status.netOutBytes ?? prev.lastOut,
      lastUptime: status.uptimeSeconds ?? prev.lastUptime,
      month,
      monthIn: (sameMonth ? prev.monthIn : 0) + (dIn ?? 0),
      monthOut: (sameMonth ? prev.monthOut : 0) + (dOut ?? 0),
    },
  };
}
