import { ErrorBody } from "@contracts/errors.ts";

/**
 * Every failed call surfaces as an ApiError carrying the API's stable `code` (branch on it,
 * never on `message`) and whether trying again later could succeed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, retryAfterSeconds?: number) {
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
    const code = parsed.success ? parsed.data.error.code : `http_${res.status}`;
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
    const err = new ApiError(0, "network_error", "Could not reach the server. Please try again.");
    err.cause = cause;
    return err;
  }
}
