/**
 * Why a call to the server provider failed. `refused` and `not_found` are the provider's own
 * answer (an `error` key); `status` a non-2xx answer without one; `timeout` and `network` no
 * answer at all; `malformed` a 2xx answer the adapter cannot read.
 */
export type ProviderErrorReason =
  | "refused"
  | "not_found"
  | "status"
  | "timeout"
  | "network"
  | "malformed";

/**
 * A failed provider call. The message names the call (method and path, which carry only ids) and
 * the provider's answer, never a request body: bodies carry root passwords. Safe to log.
 */
export class ProviderError extends Error {
  override readonly name = "ProviderError";

  constructor(
    readonly reason: ProviderErrorReason,
    message: string,
    /**
     * The provider may have done the work although no clear answer came back (timeout, dropped
     * connection, a 5xx without an `error` key, an unreadable 2xx body). A caller must not simply
     * repeat a non-idempotent call (a create) after such an error: it has to find out first.
     */
    readonly uncertain: boolean,
    /** The HTTP status of the answer, null when none came. */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** A failed step's reason for logs and staff (provider_jobs.last_error): the reason and the safe message. */
export const failureText = (err: unknown): string =>
  err instanceof ProviderError ? `${err.reason}: ${err.message}` : (err as Error).message;
