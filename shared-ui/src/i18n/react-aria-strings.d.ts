/** reactAriaStrings() in vite-app-config.js: React Aria's strings of a language other than English. */
declare module "virtual:portal-react-aria-strings" {
  export function loadReactAriaStrings(locale: string): Promise<void>;
}
