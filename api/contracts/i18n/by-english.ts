/**
 * A contract's English message in another language through a catalog keyed by the English text
 * itself (`catalogByEnglish` in validation.ts makes one from a language's id-keyed catalog). The
 * pages use this form: their builds key each language's catalog by English, so a page in another
 * language loads the catalog and this lookup, not every contract's English to find a message's id
 * (shared-ui's validation-messages.ts). The API, which has the contracts anyway, looks up by id.
 */
import { compileTemplates, formatTemplate, matchTemplate } from "./message-template.ts";

/** English (a fixed message or a template) → its text in the catalog's language. */
export type CatalogByEnglish = Readonly<Record<string, string>>;

const compiled = new WeakMap<CatalogByEnglish, ReturnType<typeof compileTemplates>>();

/**
 * `englishMessage` in the catalog's language: the catalog's text of that English, or, for a
 * message built from values, the catalog's template filled with the values found in it. A message
 * the catalog lacks comes back unchanged (English).
 */
export function localizeByEnglish(englishMessage: string, catalog: CatalogByEnglish): string {
  if (Object.hasOwn(catalog, englishMessage)) return catalog[englishMessage] || englishMessage;
  let templates = compiled.get(catalog);
  if (!templates) {
    // The English templates are the keys that have arguments; each is its own id here.
    templates = compileTemplates(Object.fromEntries(Object.keys(catalog).map((k) => [k, k])));
    compiled.set(catalog, templates);
  }
  const filled = matchTemplate(templates, englishMessage);
  const translated = filled && catalog[filled.id];
  return translated ? formatTemplate(translated, filled.values) : englishMessage;
}
