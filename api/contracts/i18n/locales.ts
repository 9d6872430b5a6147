/**
 * The portal's languages. English is the source (SPEC.md's texts, character for character); the
 * others are translations of it. Adding a locale: add it here and add its message files (see
 * docs/i18n.md).
 */
export const locales = ["en", "de", "fr", "nl"] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * The best of our locales for an `Accept-Language` header (RFC 9110 §12.5.4): ranges in order of
 * their q-value (ties keep the header's order), a region or script tag counts for its language
 * (`de-AT` → `de`), `q=0` excludes, `*` and unknown languages are skipped; English when nothing
 * matches or the header is absent or malformed.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  return matchLocale(acceptLanguage) ?? defaultLocale;
}

/** negotiateLocale without the fallback: null when the header names none of our locales. */
export function matchLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranges: { language: string; q: number; index: number }[] = [];
  // A header is short; anything longer than a browser would send is not worth parsing whole.
  const parts = acceptLanguage.slice(0, 1000).split(",");
  for (let index = 0; index < parts.length; index++) {
    const [tag = "", ...params] = parts[index]!.split(";");
    const language = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
    if (!/^[a-z]{1,8}$/.test(language)) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=").map((s) => s.trim().toLowerCase());
      if (name === "q") q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? "") ? Number(value) : 0;
    }
    if (q > 0) ranges.push({ language, q, index });
  }
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { language } of ranges) if (isLocale(language)) return language;
  return null;
}
