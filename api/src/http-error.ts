import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorCode } from "../contracts/errors.ts";

/** The one error type of the API: a stable code, an HTTP status and the user-facing message. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new HttpError(404, ErrorCode.notFound, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, ErrorCode.forbidden, message);
export const unauthorized = (message = "Not signed in") =>
  new HttpError(401, ErrorCode.unauthorized, message);
