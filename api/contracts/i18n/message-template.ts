/**
 * Messages built from values (`Missing or malformed {name} header`): the English template lives
 * in a contract's `messages` object like any other message, so it has an id and a text in every
 * catalog; the English text is the template filled in (`fillTemplate`). An answer or a form only
 * carries the English text, so `matchTemplate` finds the template and its values back from it,
 * and `formatTemplate` writes them into the language's template.
 *
 * The English templates use plain `{name}` arguments. A translation may also choose its words by
 * a value, `{action, select, start {…} other {…}}` (ICU's select), where the value is matched
 * with every character other than a letter or digit written as `_` ("force stop" →
 * `force_stop`), since ICU's keys are single words.
 */

import { ARGUMENT } from "./fill-template.ts";

/** The index of the `}` that closes the `{` at `open` (null when none does). */
function closing(text: string, open: number): number | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return null;
}

/** A translated template with its values: `{name}` and `{name, select, key {…} other {…}}`. */
export function formatTemplate(template: string, values: Record<string, string>): string {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    if (open < 0) break;
    const end = closing(template, open);
    if (end === null) break;
    out += template.slice(i, open);
    out += argument(template.slice(open + 1, end), values);
    i = end + 1;
  }
  return out + template.slice(i);
}

function argument(inside: string, values: Record<string, string>): string {
  const [name = "", kind, ...rest] = inside.split(",");
  const value = values[name.trim()] ?? "";
  if (kind?.trim() !== "select") return value;
  const cases = rest.join(",");
  const key = value.replace(/[^\p{L}\p{N}]/gu, "_");
  const branches = new Map<string, string>();
  let i = 0;
  while (i < cases.length) {
    const open = cases.indexOf("{", i);
    if (open < 0) break;
    const end = closing(cases, open);
    if (end === null) break;
    branches.set(cases.slice(i, open).trim(), cases.slice(open + 1, end));
    i = end + 1;
  }
  const branch = branches.get(key) ?? branches.get("other") ?? "";
  return formatTemplate(branch, values);
}

interface Compiled {
  id: string;
  pattern: RegExp;
  names: string[];
}

/**
 * The templates among `messages` (id → English), compiled to patterns, most literal text first,
 * so that `Failed to {action} service` is tried before the wider `Failed to {action}`.
 */
export function compileTemplates(messages: Readonly<Record<string, string>>): Compiled[] {
  const compiled: (Compiled & { literal: number })[] = [];
  for (const [id, text] of Object.entries(messages)) {
    const names = [...text.matchAll(ARGUMENT)].map((m) => m[1]!);
    if (names.length === 0) continue;
    const literals = text.split(ARGUMENT).filter((_, i) => i % 2 === 0);
    const source = literals.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("(.+?)");
    compiled.push({
      id,
      pattern: new RegExp(`^${source}$`, "s"),
      names,
      literal: literals.join("").length,
    });
  }
  return compiled.sort((a, b) => b.literal - a.literal);
}

/** The template an English text was filled from, with its values; undefined when none. */
export function matchTemplate(
  templates: Compiled[],
  english: string,
): { id: string; values: Record<string, string> } | undefined {
  for (const t of templates) {
    const m = t.pattern.exec(english);
    if (m) return { id: t.id, values: Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}
