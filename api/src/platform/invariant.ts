/**
 * For what the code has just made sure of (a row it locked or wrote in the same transaction): if it
 * ever fails, that is a bug or a broken schema, not bad input, so it ends as a 500 and is logged.
 */
export function invariant(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`Invariant failed: ${what}`);
}
