import type { ContentfulStatusCode } from "hono/utils/http-status";
import { adminMessages } from "../../contracts/admin.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import { httpMessages, InputMessages } from "../../contracts/http-messages.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";

/** The one error type of the API: a stable code, an HTTP status and the user-facing message. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /**
     * The message in another language when no contract owns it, so it has no message id (zod's
     * own validation messages): the error answers' translation (api/src/i18n/i18n.ts) asks for it.
     */
    readonly inLocale?: (locale: Locale) => Promise<string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = httpMessages.notFound) =>
  new HttpError(404, ErrorCode.notFound, message);
export const forbidden = (message: string = httpMessages.forbidden) =>
  new HttpError(403, ErrorCode.forbidden, message);
export const unauthorized = (message: string = httpMessages.unauthorized) =>
  new HttpError(401, ErrorCode.unauthorized, message);

// The input Postgres refuses, in words (api/contracts/http-messages.ts, which gives them ids).
export { InputMessages };

/**
 * The one mapping of database errors to answers: a database that cannot be reached is a 503 (the
 * request may be retried), input Postgres refuses (SQLSTATE class 22 data exceptions, constraint
 * violations) is a 4xx with a clear message. Anything else is not an input problem (null).
 */
export function fromDatabaseError(
  err: unknown,
  isConnectionError: (err: unknown) => boolean,
): HttpError | null {
  if (isConnectionError(err)) {
    return new HttpError(503, ErrorCode.unavailable, InputMessages.unavailable, {
      "Retry-After": "2",
    });
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const invalid = (message: string) => new HttpError(422, ErrorCode.validation, message);
  switch (code) {
    case "23505":
      // One server, one service: a second live VPS on the same provider id is refused.
      if ((err as { constraint_name?: string }).constraint_name === "services_reseller_live_key")
        return new HttpError(409, ErrorCode.conflict, adminMessages.resellerTaken);
      return new HttpError(409, ErrorCode.conflict, httpMessages.alreadyExists);
    case "23514":
    case "23503":
    case "23502":
      return invalid(httpMessages.invalidRequest);
    case "22P05":
      return invalid(InputMessages.nullCharacter);
    case "22021":
      return invalid(InputMessages.invalidText);
    case "22003":
      return invalid(InputMessages.numberOutOfRange);
    case "22P02":
      return invalid(InputMessages.invalidFormat);
    case "22001":
    case "54000":
      return invalid(InputMessages.tooLong);
    case "22007":
    case "22008":
      return invalid(InputMessages.invalidDate);
  }
  return code.startsWith("22") ? invalid(InputMessages.invalidValue) : null;
}
