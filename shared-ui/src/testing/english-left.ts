/*
 * A page test's check that a translated page shows no English: the English message parts
 * (between arguments and tags) that a language writes differently, looked for as whole words in
 * the page's text and text attributes (aria-label, placeholder, title, alt) outside what it marks
 * translate="no" (product names, the customer's data).
 */

type Messages = Record<string, string>;

/** English message parts that `other` writes differently (not a whole message of its own). */
export function englishFragments(english: Messages, other: Messages): string[] {
  // A word the language writes alike in another message ("Type" in French) is no sign of English.
  const own = new Set(Object.values(other));
  const fragments = new Set<string>();
  for (const [key, text] of Object.entries(english)) {
    const translated = other[key];
    if (!translated || translated === text) continue;
    for (const part of text.split(/\{[^}]*\}|<\/?\d+>/)) {
      const piece = part.trim();
      if (piece.length >= 4 && !translated.includes(piece) && !own.has(piece)) fragments.add(piece);
    }
  }
  return [...fragments];
}

/** What the browser or a screen reader reads out of an element's attributes. */
const TEXT_ATTRIBUTES = ["aria-label", "placeholder", "title", "alt"];

export interface TranslatableTextOptions {
  /** Also the elements' aria-label, placeholder, title and alt (default true). */
  attributes?: boolean;
}

/**
 * The document's text outside what it marks translate="no": its text nodes and, unless
 * `attributes` is false, the attributes a screen reader or the browser shows (an icon button's
 * aria-label, a field's placeholder, a tooltip's title, an image's alt).
 */
export function translatableText(
  root: Node = document.body,
  { attributes = true }: TranslatableTextOptions = {},
): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[translate="no"]')) parts.push(node.textContent ?? "");
  }
  if (attributes) {
    const selector = TEXT_ATTRIBUTES.map((name) => `[${name}]`).join(",");
    const elements = [
      ...(root instanceof Element && root.matches(selector) ? [root] : []),
      ...((root as ParentNode).querySelectorAll?.(selector) ?? []),
    ];
    for (const element of elements) {
      if (element.closest('[translate="no"]')) continue;
      for (const name of TEXT_ATTRIBUTES) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
  }
  return parts.join("\n");
}

/** The fragments that occur in `text` as whole words (the page's text by default). */
export function englishLeft(fragments: string[], text = translatableText()): string[] {
  return fragments.filter((f) =>
    new RegExp(`(^|[^\\p{L}])${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(
      text,
    ),
  );
}
