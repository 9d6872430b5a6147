import type { CatalogByEnglish } from "@contracts/i18n/by-english.ts";
import { zodLocales } from "@hosting-portal/schema";
import type { core } from "zod/mini";
import { type Locale, localeStore } from "./locale-store";

/**
 * The contracts' validation messages in the page's language. The contracts (which the API
 * validates with too) write them in English, SPEC's texts; `localizeByEnglish` finds one in the
 * language's catalog, so a form refuses with the same words as the API's answer. English pages
 * load nothing of this: the catalog arrives with the first change to another language.
 */
const catalogs = import.meta.glob<CatalogByEnglish>(
  "../../../api/contracts/i18n/validation-*.json",
  {
    import: "default",
    // Keyed by English at build time (compiledMessages in vite-app-config.js): a message is found
    // without loading every contract's English to learn its id.
    query: "?by-english",
  },
);

/**
 * zod's own messages (a missing field, a text over its maximum: no contract owns them) in each
 * other language, by zod's locales as the API words them in its answers
 * (api/src/platform/openapi.ts); English ones are the contracts' default (api/contracts/csp.ts).
 * The schema share loads them (schema/src/index.ts); a new language must be added there too.
 */
const zodLocaleFiles: Record<
  Exclude<Locale, "en">,
  () => Promise<{ default: ZodLocale }>
> = zodLocales;
type ZodLocale = () => { localeError: core.$ZodErrorMap };

type Localize = (englishMessage: string) => string;
const loaded = new Map<Locale, Localize>([["en", (m) => m]]);
const zodErrors = new Map<Locale, core.$ZodErrorMap>();

/** Loads the contracts' catalog of a language (translators wait for it with their own files). */
export function loadContractMessages(locale: Locale): Promise<unknown> {
  if (loaded.has(locale)) return Promise.resolve();
  const file = Object.entries(catalogs).find(([path]) =>
    path.endsWith(`/validation-${locale}.json`),
  )?.[1];
  if (!file) return Promise.resolve();
  const zod = locale === "en" ? undefined : zodLocaleFiles[locale]?.();
  return Promise.all([import("@contracts/i18n/by-english.ts"), file(), zod]).then(
    ([{ localizeByEnglish }, catalog, zodLocale]) => {
      if (zodLocale) zodErrors.set(locale, zodLocale.default().localeError);
      loaded.set(locale, (message) => localizeByEnglish(message, catalog));
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

/**
 * What a form's parse needs for zod's own messages in the page's language (nothing in English,
 * whose messages are zod's default): a contract's own message on a schema still wins.
 */
export function zodParseParams(): { error: core.$ZodErrorMap } | undefined {
  const error = zodErrors.get(localeStore.get());
  return error && { error };
}
