import { compileTemplates, formatTemplate, matchTemplate } from "./message-template.ts";
import { englishMessages } from "./messages.ts";

/**
 * English text → its id. Where two ids share one English text ("Name is required") the first
 * one wins; the catalogs translate such twins alike.
 */
let idsByText: Map<string, string> | undefined;

/** The id of a contract's English message, or undefined when it is not one of them. */
export function messageId(englishMessage: string): string | undefined {
  if (!idsByText) {
    idsByText = new Map();
    for (const [id, text] of Object.entries(englishMessages)) {
      if (!idsByText.has(text)) idsByText.set(text, id);
    }
  }
  return idsByText.get(englishMessage);
}

/**
 * A contract's English (SPEC-exact) message in a catalog's language: through its message id to
 * the catalog's text, or, for a message built from values, through its template's id
 * (message-template.ts). A message that is not a contract's, or that the catalog lacks, comes back
 * unchanged (English). Pass an empty catalog (or none) for English.
 */
export function localizeMessage(englishMessage: string, catalog: Record<string, string>): string {
  const id = messageId(englishMessage);
  if (id) return catalog[id] || englishMessage;
  // A message built from values: its template's id, and the values written into the catalog's.
  templates ??= compileTemplates(englishMessages);
  const filled = matchTemplate(templates, englishMessage);
  const translated = filled && catalog[filled.id];
  return translated ? formatTemplate(translated, filled.values) : englishMessage;
}

let templates: ReturnType<typeof compileTemplates> | undefined;

/**
 * A language's catalog (id → text) keyed by the English text instead (by-english.ts), for the
 * pages' builds. Where two ids share one English text the first one's translation is kept, as
 * `messageId` does; ids the catalog lacks are left out, so their English stays.
 */
export function catalogByEnglish(catalog: Record<string, string>): Record<string, string> {
  const byEnglish: Record<string, string> = {};
  for (const [id, text] of Object.entries(englishMessages)) {
    if (!Object.hasOwn(byEnglish, text) && catalog[id]) byEnglish[text] = catalog[id];
  }
  return byEnglish;
}
