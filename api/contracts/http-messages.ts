/**
 * The API's own messages that belong to no form: generic answers and the input Postgres refuses
 * (a 4xx naming the problem, never a 500). Here, among the contracts, so that they have message
 * ids (api/contracts/i18n/messages.ts) and are translated like the forms' messages.
 */
export const httpMessages = {
  notFound: "Not found",
  unauthorized: "Not signed in",
  forbidden: "Forbidden",
  invalidRequest: "Invalid request",
  internal: "Internal server error",
  badRequest: "Bad request",
  alreadyExists: "Already exists",
  /** Hono's validator's own words for a body that is not JSON, given an id here. */
  malformedJson: "Malformed JSON in request body",
  /** The answer of a request that arrives while the server stops (it answers 503). */
  restarting: "The server is restarting. Please try again in a moment.",
} as const;

/** User-facing messages of the input Postgres refuses (a 4xx naming the field, never a 500). */
export const InputMessages = {
  nullCharacter: "Text must not contain null characters (\\u0000)",
  /** A request part holding U+0000, named by its path ("body.username"): a template. */
  nullCharacterIn: "{field} must not contain null characters (\\u0000)",
  invalidText: "Text must not contain null characters (\\u0000) or invalid Unicode",
  numberOutOfRange: "A number is out of range",
  invalidFormat: "A value has an invalid format",
  tooLong: "A value is too long",
  invalidDate: "A date or time is out of range or invalid",
  invalidValue: "A value is not valid",
  unavailable: "The service is temporarily unavailable. Please try again in a moment.",
  tooLarge: "The request is too large",
} as const;
