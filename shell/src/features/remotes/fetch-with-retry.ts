/**
 * Fetches of a remote's files (remotes.json, manifests): a bounded number of attempts with
 * backoff inside a time budget, so a remote that is down costs it a handful of requests and
 * the user a few seconds, never a loop. What may pass is retried (network error, time-out,
 * 5xx, 408, 429); what will not (404 and other 4xx) fails at once.
 */

export interface RetryPolicy {
  /** Attempts at most, the first included. */
  attempts: number;
  /** Waits before the second, third... attempt. */
  backoffMs: readonly number[];
  /** All attempts together end by then; the last one is cut short to fit. */
  budgetMs: number;
  /** One attempt's longest wait for an answer. */
  attemptTimeoutMs: number;
}

export const REMOTE_FETCH_POLICY: RetryPolicy = {
  attempts: 3,
  backoffMs: [300, 900],
  budgetMs: 4_000,
  attemptTimeoutMs: 3_000,
};

/** An answer that is not 2xx, kept apart from network failures for the error panel's log. */
export class HttpStatusError extends Error {
  readonly status: number;
  constructor(url: string, status: number) {
    super(`${url}: HTTP ${status}`);
    this.name = "HttpStatusError";
    this.status = status;
  }
}

const retryable = (status: number) => status >= 500 || status === 408 || status === 429;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function fetchWithRetry(
  url: string,
  init: RequestInit = {},
  policy: RetryPolicy = REMOTE_FETCH_POLICY,
): Promise<Response> {
  const deadline = Date.now() + policy.budgetMs;
  let lastError: unknown;
  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (attempt > 0) {
      const wait = policy.backoffMs[attempt - 1] ?? policy.backoffMs.at(-1) ?? 0;
      if (Date.now() + wait >= deadline) break;
      await sleep(wait);
    }
    const timeout = Math.min(policy.attemptTimeoutMs, deadline - Date.now());
    if (timeout <= 0) break;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeout) });
      if (res.ok) return res;
      lastError = new HttpStatusError(url, res.status);
      if (!retryable(res.status)) break;
    } catch (err) {
      lastError = err; // connection refused, aborted, no CORS, time-out: may pass
    }
  }
  throw lastError ?? new Error(`${url}: no attempt fitted in ${policy.budgetMs} ms`);
}
