import { renderMail } from "../mail/templates/layout.ts";
import { eur, type MailTemplate, mailDate } from "../mail/templates/receipts.ts";

/** Mails of plan changes and cancellations. */

function mail(subject: string, paragraphs: string[]): MailTemplate {
  return { subject, ...renderMail({ title: subject, paragraphs }) };
}

const short = (id: string) => id.slice(0, 8);

export function planChanged(c: {
  from: string;
  to: string;
  serviceId: string;
  credited: string | null;
}): MailTemplate {
  return mail(`Your server now runs ${c.to}`, [
    `Your server VPS-${short(c.serviceId)} was changed from ${c.from} to ${c.to}.`,
    c.credited
      ? `${eur(c.credited)} for the rest of the period went back to your balance; the credit note is with your transactions.`
      : "The invoice for the rest of the period is with your transactions.",
    "Your next renewal charges the new product's price.",
  ]);
}

export function planChangeFailed(c: {
  from: string;
  to: string;
  serviceId: string;
  refunded: string | null;
}): MailTemplate {
  return mail(`Your plan change could not be made: ${c.to}`, [
    `Our provider could not change your server VPS-${short(c.serviceId)} from ${c.from} to ${c.to}, so it stays on ${c.from}.`,
    c.refunded
      ? `${eur(c.refunded)} went back to your balance; the credit note is with your transactions.`
      : "Nothing was charged for it.",
    "You can try again later; if it keeps failing, please contact support.",
  ]);
}

export function cancellationConfirmed(c: {
  product: string;
  serviceId: string;
  mode: "period_end" | "now";
  effectiveAt: Date;
  refunded: string;
}): MailTemplate {
  return mail(`Cancellation of ${c.product}`, [
    c.mode === "period_end"
      ? `Your server VPS-${short(c.serviceId)} is cancelled at the end of its period: it keeps running until ${mailDate(c.effectiveAt)} and is then deleted. Auto-renew is off.`
      : `Your server VPS-${short(c.serviceId)} was cancelled and stopped. It is deleted at ${mailDate(c.effectiveAt)}.`,
    c.mode === "now" && c.refunded !== "0.00"
      ? `${eur(c.refunded)} for the unused days went back to your balance; the credit note is with your transactions.`
      : "You can undo the cancellation on the service page until then.",
  ]);
}
