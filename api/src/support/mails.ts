import { renderMail } from "../mail/templates/layout.ts";
import type { MailTemplate } from "../mail/templates/receipts.ts";

/**
 * Mails of support tickets. The customer's mails never quote staff replies (the portal shows them
 * signed in); staff mails quote the customer's message, as plain text escaped by renderMail.
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

export function staffReplied(t: { id: string; subject: string; url: string }): MailTemplate {
  const subject = `We replied to your ticket ${ref(t.id)}: ${t.subject}`;
  return {
    subject,
    ...renderMail({
      title: subject,
      paragraphs: [
        "Our support team has answered your ticket. You can read and reply in the portal.",
      ],
      action: { label: "Read the reply", url: t.url },
    }),
  };
}

export function ticketAutoClosed(t: {
  id: string;
  subject: string;
  days: number;
  url: string;
}): MailTemplate {
  const subject = `Your ticket ${ref(t.id)} was closed: ${t.subject}`;
  return {
    subject,
    ...renderMail({
      title: subject,
      paragraphs: [
        `We did not hear back from you for ${t.days} days, so we closed your ticket.`,
        "If you still need help, open a new ticket in the portal.",
      ],
      action: { label: "Open the ticket", url: t.url },
    }),
  };
}
