import { accessMessages } from "../../contracts/auth.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import type { Db } from "../platform/db.ts";
import { HttpError } from "../platform/http-error.ts";
import { securityEvent } from "./security-log.ts";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

const tooMany = (retryAfter: number) =>
  new HttpError(429, ErrorCode.rateLimited, accessMessages.tooManyRequests, {
    "Retry-After": String(Math.max(1, retryAfter)),
  });

/**
 * Counts one hit against each limit (fixed windows kept in Postgres, so the limit holds across
 * API instances) and answers 429 with Retry-After once any is exceeded.
 */
export async function hit(sql: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { hits, retryAfter } = await count(sql, limit);
    if (hits > limit.max) {
      securityEvent("rate_limited", { limit: limit.key });
      throw tooMany(retryAfter);
    }
  }
}

/** Counts one hit against each limit without refusing anything (a failure counted after the fact). */
export async function countHits(sql: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await count(sql, limit);
}

/** Answers 429 when any limit is already used up in its current window; counts nothing. */
export async function refuseIfExhausted(sql: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const rows = await sql<{ key: string; hits: number; retry_after: number }[]>`
    select key, hits,
      ceil(extract(epoch from (window_start + make_interval(secs => w.seconds) - now())))::int as retry_after
    from rate_limits r
    join unnest(${limits.map((l) => l.key)}::text[], ${limits.map((l) => l.windowSeconds)}::int[])
      as w(k, seconds) on w.k = r.key
    where r.window_start > now() - make_interval(secs => w.seconds)`;
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key);
    if (limit && row.hits >= limit.max) {
      securityEvent("rate_limited", { limit: limit.key });
      throw tooMany(row.retry_after);
    }
  }
}

/** Forgets these counters (a successful sign-in clears its own failures). */
export async function clearHits(sql: Db, keys: string[]): Promise<void> {
  await sql`delete from rate_limits where key = any(${keys})`;
}

async function count(sql: Db, limit: Limit): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await sql<{ hits: number; retry_after: number }[]>`
    insert into rate_limits (key, window_start, hits)
    values (${limit.key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
        then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
        then now() else rate_limits.window_start end
    returning hits,
      ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`;
  return { hits: row?.hits ?? 0, retryAfter: row?.retry_after ?? 1 };
}
