import type { ServiceStats } from "../../contracts/services.ts";
import type { ServerProvider, ServerStatus } from "../platform/ports.ts";

/** How long one reading of a server serves every page that asks (SPEC's bars refresh every 2 s). */
export const STATS_TTL_MS = 2_000;

/**
 * The provider's figures of servers, read at most once per STATS_TTL_MS per server in this
 * process: many open pages (or tabs) of one server share one provider call, and calls that arrive
 * while one is on its way wait for it. A failed reading is not kept.
 */
export function createStatsCache(provider: ServerProvider, now = () => Date.now()) {
  const cache = new Map<number, { at: number; reading: Promise<ServerStatus> }>();
  return async function statsOf(vmId: number): Promise<ServiceStats> {
    const at = now();
    let entry = cache.get(vmId);
    if (!entry || at - entry.at >= STATS_TTL_MS) {
      entry = { at, reading: provider.status(vmId) };
      cache.set(vmId, entry);
      const mine = entry;
      mine.reading.catch(() => {
        if (cache.get(vmId) === mine) cache.delete(vmId);
      });
      // Old entries go, so the map holds only servers read in the last few seconds.
      if (cache.size > 1_000) {
        for (const [id, e] of cache) if (at - e.at >= STATS_TTL_MS) cache.delete(id);
      }
    }
    const s = await entry.reading;
    return {
      state: s.state,
      cpu_percent: s.cpu === null ? null : Math.round(s.cpu * 1000) / 10,
      memory_used_bytes: s.memoryUsedBytes,
      memory_total_bytes: s.memoryTotalBytes,
      net_in_bytes: s.netInBytes,
      net_out_bytes: s.netOutBytes,
      uptime_seconds: s.uptimeSeconds,
      // The provider's status call has no disk figure: say so rather than invent one.
      disk_used_bytes: null,
      disk_total_bytes: null,
      fetched_at: new Date(entry.at).toISOString(),
    };
  };
}
export type StatsOf = ReturnType<typeof createStatsCache>;
