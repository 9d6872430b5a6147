import { ErrorBody, type ErrorCode } from "@contracts/errors.ts";

/** No answer reached the page (offline, DNS, connection reset): the one code the API never sends. */
export const NETWORK_ERROR = "network_error";

/**
 * The contract's codes, plus `network_error` and `http_<status>` for an answer without the
 * contract's error body (a proxy's 502 page, say).
 */
export type ApiErrorCode = ErrorCode | typeof NETWORK_ERROR | `http_${number}`;

/**
 * Every failed call surfaces as an ApiError carrying the API's stable `code` (branch on it,
 * never on `message`) and whether trying again later could succeed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Network failures (status 0), 5xx, 408 and 429 may succeed later; other 4xx will not. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }

  static async fromResponse(res: Response): Promise<ApiError> {
    const retryAfter = Number(res.headers.get("retry-after") ?? Number.NaN);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    const parsed = ErrorBody.safeParse(body);
    // The body's code is one of the contract's ErrorCode values (the API answers with no other).
    const code = parsed.success
      ? (parsed.data.error.code as ErrorCode)
      : (`http_${res.status}` as const);
    const message = parsed.success
      ? parsed.data.error.message
      : res.statusText || `Request failed with status ${res.status}`;
    return new ApiError(
      res.status,
      code,
      message,
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    );
  }

  static network(cause: unknown): ApiError {
    const err = new ApiError(0, NETWORK_ERROR, "Could not reach the server. Please try again.");
    err.cause = cause;
    return err;
  }
}
