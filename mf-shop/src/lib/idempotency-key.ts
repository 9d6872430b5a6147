/**
 * One key per attempt at a purchase or renewal: kept while the same confirmation is retried
 * (so a double click or a resend after a network error is performed once by the API), replaced
 * once the attempt has an answer.
 */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;
