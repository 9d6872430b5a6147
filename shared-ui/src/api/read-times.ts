/**
 * When the page sent the request of each response body it holds (performance.now()), keyed by the
 * parsed body as React Query keeps it, so the time goes away with the data. The event stream's
 * `ready` says how long the caller's data has been quiet: a body asked for within that time is
 * current and is not read again (user-events.ts).
 */
const askedAt = new WeakMap<object, number>();

export function recordAskedAt(body: unknown, sentAt: number): void {
  if (typeof body === "object" && body !== null) askedAt.set(body, sentAt);
}

/**
 * When a query's data was asked for: the body itself, or the earliest of an infinite query's
 * pages; undefined when any part has no time (the page built or restored it).
 */
export function askedAtOf(data: unknown): number | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const own = askedAt.get(data);
  if (own !== undefined) return own;
  const pages = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages) || pages.length === 0) return undefined;
  let earliest = Number.POSITIVE_INFINITY;
  for (const page of pages) {
    const time = typeof page === "object" && page !== null ? askedAt.get(page) : undefined;
    if (time === undefined) return undefined;
    earliest = Math.min(earliest, time);
  }
  return earliest;
}
