import { isLocale, type Locale, locales } from "@contracts/i18n/locales.ts";
import { pageSingleton } from "../singleton";

export type { Locale };
export { locales };

/** A choice made on this device (the sign-in page's menu, or the profile's last known choice). */
const STORAGE_KEY = "portal:locale";

function storedChoice(): Locale | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The first of the browser's languages that is one of ours (`de-AT` counts as `de`), else
 * English. `navigator.languages` is already in the user's order and has no q-values, so this is
 * what the API's `negotiateLocale` makes of the header the browser sends, without shipping that
 * header parser to every page.
 */
function browserLocale(): Locale {
  const langs =
    typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of langs) {
    const language = tag?.toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return "en";
}

/**
 * Loads an app's messages for a locale before the page switches to it, so a language change
 * does not show the page half in the old language (each app's translator registers one).
 */
type Preloader = (locale: Locale) => Promise<unknown>;

/**
 * The page's language: the shell decides it (the profile's saved choice, else a choice made on
 * this device, else the browser's languages, else English) and every app reads it here. Kept as a
 * page singleton: shared-ui is one federation share, and this is what the remotes listen to.
 */
export class LocaleStore {
  private current: Locale = storedChoice() ?? browserLocale();
  private readonly listeners = new Set<() => void>();
  private readonly preloaders = new Set<Preloader>();
  private switching: Promise<void> = Promise.resolve();

  constructor() {
    this.applyToDocument();
  }

  get = (): Locale => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Every registered app's messages for the current language (the shell renders after it). */
  ready(): Promise<void> {
    const locale = this.current;
    return Promise.all([...this.preloaders].map((p) => p(locale).catch(() => undefined))).then(
      () => undefined,
    );
  }

  /**
   * Registers an app's message loader: it is run for every later change of language, and at once
   * for the current one (a remote's code arrives after the page chose its language).
   */
  addPreloader(preload: Preloader): void {
    this.preloaders.add(preload);
    if (this.current !== "en") void preload(this.current).catch(() => undefined);
  }

  /**
   * Switches the page to `locale` once every app has its messages (a file that fails to arrive
   * leaves that app in English rather than blocking the change). `remember` keeps the choice on
   * this device (a user's pick; not the profile's value, which the shell re-reads anyway).
   */
  set(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
    if (remember) {
      try {
        localStorage.setItem(STORAGE_KEY, locale);
      } catch {
        // Private mode without storage: the choice still applies to this page.
      }
    }
    this.switching = this.switching.then(async () => {
      if (locale === this.current) return;
      await Promise.all([...this.preloaders].map((p) => p(locale).catch(() => undefined)));
      this.current = locale;
      this.applyToDocument();
      for (const listener of [...this.listeners]) listener();
    });
    return this.switching;
  }

  private applyToDocument(): void {
    if (typeof document !== "undefined") document.documentElement.lang = this.current;
  }
}

export const localeStore = pageSingleton("__portalLocale", () => new LocaleStore());

export { isLocale };
