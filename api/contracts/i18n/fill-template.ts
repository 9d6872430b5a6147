/**
 * Filling an English message template (`Missing or malformed {name} header`) with its values.
 * Apart from message-template.ts, which finds a template back from its English text, because the
 * contracts fill templates on every page and only a page in another language needs the finding.
 */

/** A plain `{name}` argument of a template. */
export const ARGUMENT = /\{(\w+)\}/g;

/** An English template with its values: `{name}` replaced, nothing else. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(ARGUMENT, (whole, name: string) => values[name] ?? whole);
}
