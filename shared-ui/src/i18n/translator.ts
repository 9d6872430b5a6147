import type { Messages } from "@lingui/core";
import { use, useCallback } from "react";
import { formatCompiledEnglish } from "./compiled-english";
import { type Locale, localeStore } from "./locale-store";
import { useLocale } from "./use-locale";
import { loadContractMessages } from "./validation-messages";

/** Values of a message's ICU arguments (`{count, plural, ...}`, `{name}`). */
export type MessageValues = Record<string, unknown>;

/** An app's message files other than English, as `import.meta.glob("./*.json")` lists them. */
export type MessageFiles = Record<string, () => Promise<unknown>>;

export interface Translator<K extends string> {
  /** The translate function of the page's language; suspends until its messages are there. */
  useT(): (id: K, values?: MessageValues) => string;
  /** The same outside React (toasts after an await): the page's language at the call. */
  t(id: K, values?: MessageValues): string;
  /** Loads a language's messages (the locale store does it before a change of language). */
  load(locale: Locale): Promise<void>;
}

/**
 * One app's messages (each app ships its own, `src/messages/<locale>.json`, ICU MessageFormat):
 * English is bundled (it is the fallback of every other language), any other language is loaded
 * only when the page is in it. A key another language lacks reads in English and is reported in
 * development. The build compiles the files (compiledMessages in vite-app-config.js), so the
 * page carries no ICU parser; in development and tests Lingui compiles them as they are used.
 */
export function createTranslator<K extends string>(
  app: string,
  english: Record<K, string>,
  files: MessageFiles,
): Translator<K> {
  const en = english as unknown as Messages;
  type Catalog = { _(id: string, values?: MessageValues): string };
  // English (compiled like every message file) is formatted without Lingui's runtime, which
  // comes with the first other language: an English page does not load it.
  const englishCatalog: Catalog = {
    _: (id, values) => formatCompiledEnglish(en[id] ?? id, values),
  };
  const catalogs = new Map<Locale, Catalog>([["en", englishCatalog]]);
  const loading = new Map<Locale, Promise<void>>();

  const fileOf = (locale: Locale) =>
    Object.entries(files).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];

  function load(locale: Locale): Promise<void> {
    if (catalogs.has(locale)) return Promise.resolve();
    let pending = loading.get(locale);
    if (!pending) {
      const file = fileOf(locale);
      // The contracts' texts of the language come with the app's own: a page shows both.
      const contracts = loadContractMessages(locale).catch(() => undefined);
      const lingui = import("@lingui/core");
      pending = Promise.all([file ? file() : Promise.resolve({}), contracts])
        .then(([mod]) => (mod as { default?: Messages }).default ?? (mod as Messages))
        .catch(() => ({}) as Messages)
        .then(async (messages) => {
          if (import.meta.env.DEV) reportMissing(app, locale, en, messages);
          const { setupI18n } = await lingui;
          catalogs.set(
            locale,
            setupI18n({ locale, messages: { [locale]: { ...en, ...messages } } }),
          );
        })
        // Lingui's runtime did not arrive: the app stays in English (the fallback) meanwhile.
        .catch(() => undefined);
      loading.set(locale, pending);
    }
    return pending;
  }
  localeStore.addPreloader(load);

  const translate = (locale: Locale, id: K, values?: MessageValues) =>
    (catalogs.get(locale) ?? englishCatalog)._(id, values);

  return {
    useT() {
      const locale = useLocale();
      // A page met in this language for the first time waits for its messages (once).
      if (!catalogs.has(locale)) use(load(locale));
      return useCallback(
        (id: K, values?: MessageValues) => translate(locale, id, values),
        [locale],
      );
    },
    t: (id, values) => translate(localeStore.get(), id, values),
    load,
  };
}

function reportMissing(app: string, locale: Locale, en: Messages, messages: Messages) {
  const missing = Object.keys(en).filter((id) => !(id in messages));
  if (missing.length > 0)
    console.warn(
      `[i18n] ${app}: ${missing.length} message(s) missing in ${locale}, shown in English: ${missing.join(", ")}`,
    );
}
