import { ErrorCode } from "../../contracts/errors.ts";
import type { Db } from "../db.ts";
import { HttpError } from "../http-error.ts";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against each limit (fixed windows kept in Postgres, so the limit holds across
 * API instances) and answers 429 with Retry-After once any is exceeded.
 */
export async function hit(sql: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
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
    if (row && row.hits > limit.max) {
      const retryAfter = Math.max(1, row.retry_after);
      throw new HttpError(
        429,
        ErrorCode.rateLimited,
        "Too many requests. Please try again later.",
        {
          "Retry-After": String(retryAfter),
        },
      );
    }
  }
}
