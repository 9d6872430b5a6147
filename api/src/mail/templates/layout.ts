/**
 * The one wrapper every mail uses: a title, paragraphs and an optional button, as plain
 * text and as HTML. Plain template strings rather than @react-email/components: the mails are a
 * handful of paragraphs and a link, the API has no JSX build, and every dynamic value passes
 * through escapeHtml here, in one place.
 */
import { type Locale, locales } from "../../../contracts/i18n/locales.ts";

export interface MailContent {
  title: string;
  /** Plain text; each becomes a paragraph (escaped in the HTML part). */
  paragraphs: string[];
  /** A call to action: a button in HTML, the bare URL on its own line in text. */
  action?: { label: string; url: string };
  /** Small print under a rule, e.g. why the recipient gets this mail. */
  footer?: string;
  /** The mail's language (`<html lang>`, the layout's own line); English when absent. */
  locale?: Locale;
}

export interface RenderedMail {
  text: string;
  html: string;
}

/** A mail in one language: subject plus both bodies. */
export interface MailVariant extends RenderedMail {
  subject: string;
}

/**
 * A mail ready for enqueueMail or enqueueAccountMail: the English variant, and the same mail in
 * the other languages; the outbox keeps the one of the recipient's saved locale
 * (api/src/mail/outbox.ts).
 */
export interface MailTemplate extends MailVariant {
  translations?: Partial<Record<Locale, MailVariant>>;
}

/** A template rendered in every language (English first: it is the mail's own fields). */
export function inEveryLocale(render: (locale: Locale) => MailVariant): MailTemplate {
  const translations: Partial<Record<Locale, MailVariant>> = {};
  for (const locale of locales) if (locale !== "en") translations[locale] = render(locale);
  return { ...render("en"), translations };
}

/**
 * One language of a template, for a mail whose recipient has no profile the outbox could read a
 * language from (an invitation to an address): the caller picks the language.
 */
export function variantIn(template: MailTemplate, locale: Locale): MailVariant {
  const { subject, text, html } = template;
  return (locale !== "en" && template.translations?.[locale]) || { subject, text, html };
}

const BUTTON_FALLBACK: Record<Locale, string> = {
  en: "If the button does not work, open this link:",
  de: "Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link:",
  fr: "Si le bouton ne fonctionne pas, ouvrez ce lien\u00a0:",
  nl: "Werkt de knop niet? Open dan deze link:",
};

const PRODUCT_NAME = "Hosting Portal";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function renderMail({
  title,
  paragraphs,
  action,
  footer,
  locale = "en",
}: MailContent): RenderedMail {
  const text = [
    title,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footer ? ["--", footer, ""] : []),
    `${PRODUCT_NAME}`,
  ].join("\n");

  // Inline styles only: most mail clients drop <style> blocks and external CSS.
  const para = (p: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(p)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(BUTTON_FALLBACK[locale])} <a href="${escapeHtml(action.url)}" style="color:#2563eb">${escapeHtml(action.url)}</a></p>`
    : "";
  const small = footer
    ? `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><p style="margin:0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:13px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#2563eb">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#111827">${escapeHtml(title)}</h1>
${paragraphs.map(para).join("\n")}
${button}
${small}
</div>
</body></html>`;
  return { text, html };
}
