/**
 * English messages in Lingui's compiled form (what compiledMessages in vite-app-config.js makes
 * of a message file: a string, or an array of text and `[name]` / `[name, "plural", cases]`
 * tokens), formatted the way Lingui's `i18n._()` formats them. English is bundled with every app
 * and shown on most pages, so a built English page formats its messages with this instead of
 * loading Lingui's runtime (about 1.6 KB of gzip); the other languages, and development, use
 * Lingui itself. compiled-english.test.ts checks that both give the same text for every English
 * message of every app.
 */

type Values = Record<string, unknown>;
export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [name: string, type?: string, cases?: Record<string, unknown>];

const cardinal = new Intl.PluralRules("en");
const ordinal = new Intl.PluralRules("en", { type: "ordinal" });
const numbers = new Intl.NumberFormat("en");

const own = (object: Values, key: string) => (Object.hasOwn(object, key) ? object[key] : undefined);

function format(message: unknown, values: Values, count?: string): string {
  if (!Array.isArray(message)) return String(message ?? "");
  let out = "";
  for (const token of message as CompiledToken[]) {
    if (typeof token === "string") {
      // `#` in a plural's branch is the count, written as a number of the language.
      out += token === "#" && count !== undefined ? count : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    const value = own(values, name);
    if (type === "plural" || type === "selectordinal") {
      const { offset = 0 } = cases as { offset?: number };
      const n = Number(value) - Number(offset);
      const rules = type === "plural" ? cardinal : ordinal;
      const branch =
        own(cases as Values, String(value)) ?? own(cases as Values, rules.select(n)) ?? cases.other;
      out += format(branch, values, numbers.format(n));
    } else if (type === "select") {
      out += format(own(cases as Values, String(value)) ?? cases.other, values);
    } else if (value != null) {
      out += String(value);
    }
  }
  return out;
}

/** The text of a compiled English message with its values. */
export function formatCompiledEnglish(message: unknown, values: Values = {}): string {
  return format(message, values);
}
