import type { Locale } from "../../contracts/i18n/locales.ts";
import { inEveryLocale, renderMail } from "../mail/templates/layout.ts";
import type { MailTemplate } from "../mail/templates/receipts.ts";

/**
 * Mails of support tickets. The customer's mails never quote staff replies (the portal shows them
 * signed in); staff mails quote the customer's message, as plain text escaped by renderMail.
 * The customer's mails are in their language, the staff's in English.
 */

const ref = (id: string) => `#${id.slice(0, 8)}`;
const quote = (body: string) => (body.length > 2000 ? `${body.slice(0, 2000)}…` : body);

export function ticketOpenedStaff(t: {
  id: string;
  subject: string;
  category: string;
  email: string;
  body: string;
  url: string;
}): MailTemplate {
  const subject = `New support ticket ${ref(t.id)}: ${t.subject}`;
  return {
    subject,
    ...renderMail({
      title: subject,
      paragraphs: [`${t.email} opened a ${t.category} ticket.`, quote(t.body)],
      action: { label: "Open the ticket", url: t.url },
    }),
  };
}

export function customerRepliedStaff(t: {
  id: string;
  subject: string;
  email: string;
  body: string;
  url: string;
}): MailTemplate {
  const subject = `Customer reply on ticket ${ref(t.id)}: ${t.subject}`;
  return {
    subject,
    ...renderMail({
      title: subject,
      paragraphs: [`${t.email} replied.`, quote(t.body)],
      action: { label: "Open the ticket", url: t.url },
    }),
  };
}

const T = {
  en: {
    repliedSubject: (ref: string, subject: string) =>
      `We replied to your ticket ${ref}: ${subject}`,
    replied: "Our support team has answered your ticket. You can read and reply in the portal.",
    readReply: "Read the reply",
    closedSubject: (ref: string, subject: string) => `Your ticket ${ref} was closed: ${subject}`,
    closed: (days: number) =>
      `We did not hear back from you for ${days} days, so we closed your ticket.`,
    stillNeedHelp: "If you still need help, open a new ticket in the portal.",
    openTicket: "Open the ticket",
  },
  de: {
    repliedSubject: (ref: string, subject: string) =>
      `Wir haben auf Ihr Ticket ${ref} geantwortet: ${subject}`,
    replied:
      "Unser Support-Team hat Ihr Ticket beantwortet. Sie können die Antwort im Portal lesen und darauf antworten.",
    readReply: "Antwort lesen",
    closedSubject: (ref: string, subject: string) =>
      `Ihr Ticket ${ref} wurde geschlossen: ${subject}`,
    closed: (days: number) =>
      `Wir haben ${days} Tage lang nichts von Ihnen gehört und Ihr Ticket daher geschlossen.`,
    stillNeedHelp: "Wenn Sie weiterhin Hilfe brauchen, eröffnen Sie im Portal ein neues Ticket.",
    openTicket: "Ticket öffnen",
  },
  fr: {
    repliedSubject: (ref: string, subject: string) =>
      `Nous avons répondu à votre ticket ${ref}\u00a0: ${subject}`,
    replied:
      "Notre équipe support a répondu à votre ticket. Vous pouvez lire la réponse et répondre dans le portail.",
    readReply: "Lire la réponse",
    closedSubject: (ref: string, subject: string) =>
      `Votre ticket ${ref} a été fermé\u00a0: ${subject}`,
    closed: (days: number) =>
      `Sans nouvelles de votre part depuis ${days}\u00a0jours, nous avons fermé votre ticket.`,
    stillNeedHelp: "Si vous avez encore besoin d'aide, ouvrez un nouveau ticket dans le portail.",
    openTicket: "Ouvrir le ticket",
  },
  nl: {
    repliedSubject: (ref: string, subject: string) =>
      `We hebben gereageerd op uw ticket ${ref}: ${subject}`,
    replied:
      "Ons supportteam heeft uw ticket beantwoord. U kunt het antwoord lezen en reageren in het portaal.",
    readReply: "Antwoord lezen",
    closedSubject: (ref: string, subject: string) => `Uw ticket ${ref} is gesloten: ${subject}`,
    closed: (days: number) =>
      `We hebben ${days} dagen niets van u gehoord en hebben uw ticket daarom gesloten.`,
    stillNeedHelp: "Hebt u nog hulp nodig? Open dan een nieuw ticket in het portaal.",
    openTicket: "Ticket openen",
  },
} satisfies Record<Locale, unknown>;

export function staffReplied(t: { id: string; subject: string; url: string }): MailTemplate {
  return inEveryLocale((l) => {
    const subject = T[l].repliedSubject(ref(t.id), t.subject);
    return {
      subject,
      ...renderMail({
        title: subject,
        paragraphs: [T[l].replied],
        action: { label: T[l].readReply, url: t.url },
        locale: l,
      }),
    };
  });
}

export function ticketAutoClosed(t: {
  id: string;
  subject: string;
  days: number;
  url: string;
}): MailTemplate {
  return inEveryLocale((l) => {
    const subject = T[l].closedSubject(ref(t.id), t.subject);
    return {
      subject,
      ...renderMail({
        title: subject,
        paragraphs: [T[l].closed(t.days), T[l].stillNeedHelp],
        action: { label: T[l].openTicket, url: t.url },
        locale: l,
      }),
    };
  });
}
