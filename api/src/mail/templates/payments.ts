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

/**
 * PayPal opened a dispute about a top-up (or held its capture for a complaint or chargeback): the
 * amount stays in the balance but cannot be spent until PayPal decides.
 */
export function creditsHeld(p: {
  amount: string;
  date: Date | string;
  reference: string;
}): MailTemplate {
  const subject = `${eur(p.amount)} of your balance is on hold`;
  const { text, html } = renderMail({
    title: subject,
    paragraphs: [
      "PayPal is reviewing a dispute about one of your payments. While it does, this amount stays in your balance but cannot be spent. If PayPal decides in your favour nothing changes; otherwise the held amount is taken back.",
      `Amount on hold: ${eur(p.amount)}`,
      `Date: ${mailDate(p.date)}`,
      `PayPal reference: ${p.reference}`,
      "Your Transactions and Settings pages show what is on hold and what you can still spend.",
    ],
  });
  return { subject, text, html };
}
