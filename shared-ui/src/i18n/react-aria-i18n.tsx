import { loadReactAriaStrings } from "virtual:portal-react-aria-strings";
import type { ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import { localeStore } from "./locale-store";
import { useLocale } from "./use-locale";

/*
 * React Aria's built-in strings (a popover's hidden "Dismiss", a table's sort announcements): the
 * builds keep English only and make one chunk per other language (reactAriaStrings() in
 * vite-app-config.js); the locale store loads it with the apps' messages, before the page
 * switches, so React Aria never speaks English on a German page.
 */
localeStore.addPreloader(loadReactAriaStrings);

/** React Aria in the page's language: it formats, reads and announces in it, not the browser's. */
export function ReactAriaI18n({ children }: { children: ReactNode }) {
  return <I18nProvider locale={useLocale()}>{children}</I18nProvider>;
}
