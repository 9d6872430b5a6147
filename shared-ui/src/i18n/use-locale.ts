import { useSyncExternalStore } from "react";
import { type Locale, localeStore } from "./locale-store";

/** The page's language (re-renders on a change). */
export const useLocale = (): Locale =>
  useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get);

/** Switches the page's language (the shell's language menus call this). */
export const setLocale = (locale: Locale, options?: { remember?: boolean }) =>
  localeStore.set(locale, options);

export const getLocale = (): Locale => localeStore.get();

/** Resolves once every app loaded so far has its messages for the page's language. */
export const localeReady = (): Promise<void> => localeStore.ready();
