import { type Locale, localeStore } from "./locale-store";

/**
 * The contracts' validation messages in the page's language. The contracts (which the API
 * validates with too) write them in English, SPEC's texts; `localizeMessage` maps one through its
 * message id to the language's catalog, so a form refuses with the same words as the API's
 * answer. English pages load nothing of this: the id table and the catalog arrive with the
 * first change to another language.
 */
const catalogs = import.meta.glob<Record<string, string>>(
  "../../../api/contracts/i18n/validation-*.json",
  { import: "default" },
);

type Localize = (englishMessage: string) => string;
const loaded = new Map<Locale, Localize>([["en", (m) => m]]);

/** Loads the contracts' catalog of a language (translators wait for it with their own files). */
export function loadContractMessages(locale: Locale): Promise<unknown> {
  if (loaded.has(locale)) return Promise.resolve();
  const file = Object.entries(catalogs).find(([path]) =>
    path.endsWith(`/validation-${locale}.json`),
  )?.[1];
  if (!file) return Promise.resolve();
  return Promise.all([import("@contracts/i18n/validation.ts"), file()]).then(
    ([{ localizeMessage }, catalog]) => {
      loaded.set(locale, (message) => localizeMessage(message, catalog));
    },
  );
}
localeStore.addPreloader(loadContractMessages);

/**
 * A contract's English message (a validation message, an empty state such as
 * `serviceMessages.empty`) in the page's language; unchanged in English, or when the catalog
 * lacks it.
 */
export function localizeValidation(englishMessage: string): string {
  return (loaded.get(localeStore.get()) ?? loaded.get("en") ?? ((m: string) => m))(englishMessage);
}
