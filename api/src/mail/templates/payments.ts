import { renderMail } from "./layout.ts";
import { eur, type MailTemplate, mailDate } from "./receipts.ts";

/**
 * A top-up PayPal held as pending (eCheck, review) and then denied: the buyer was told it would be
 * credited as soon as it completed, so they are told it will not be.
 */
export function paymentDenied(p: {
  amount: string;
  date: Date | string;
  reference: string;
}): MailTemplate {
  const subject = `Your PayPal payment of ${eur(p.amount)} was not completed`;
  const { text, html } = renderMail({
    title: subject,
    paragraphs: [
      "PayPal held this payment for review and then declined it. No credits were added to your balance, and PayPal does not take the money.",
      `Amount: ${eur(p.amount)}`,
      `Date: ${mailDate(p.date)}`,
      `PayPal reference: ${p.reference}`,
      "You can top up again under Charge Credits, with PayPal or another funding source.",
    ],
  });
  return { subject, text, html };
}
