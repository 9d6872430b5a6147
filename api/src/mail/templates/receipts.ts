import { renderMail } from "./layout.ts";

/** A mail ready for enqueueMail: subject plus both bodies. */
export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
}

/** Dates in mails are read far from the browser that knows the reader's zone: always UTC. */
export function mailDate(date: Date | string): string {
  const d = new Date(date);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** SPEC §9: amounts with two decimals in EUR (the API's money strings already have two places). */
export const eur = (amount: string) => `${amount} EUR`;

export const PREFERENCES_FOOTER =
  "You can choose which of these emails you receive under Settings in the portal.";

interface ReceiptLines {
  amount: string;
  balance: string;
  date: Date | string;
  reference: string;
}

const lines = (r: ReceiptLines) => [
  `Amount: ${eur(r.amount)}`,
  `Balance after: ${eur(r.balance)}`,
  `Date: ${mailDate(r.date)}`,
  `Reference: ${r.reference}`,
];

function receipt(subject: string, intro: string, r: ReceiptLines, extra: string[] = []) {
  const { text, html } = renderMail({
    title: subject,
    paragraphs: [intro, ...lines(r), ...extra],
    footer: PREFERENCES_FOOTER,
  });
  return { subject, text, html };
}

/** A PayPal top-up credited to the balance; the reference is PayPal's capture id. */
export function topUpReceipt(r: ReceiptLines): MailTemplate {
  return receipt(
    `Receipt: ${eur(r.amount)} added to your balance`,
    "Thank you for your payment. Your credit balance has been topped up.",
    r,
  );
}

/** SPEC §4: a purchase starts an order that runs 30 days. */
export function purchaseReceipt(
  r: ReceiptLines & { productName: string; orderId: string; expireDate: Date | string },
): MailTemplate {
  return receipt(
    `Receipt: ${r.productName} ordered`,
    `Thank you for your order of ${r.productName}. The price was taken from your credit balance.`,
    r,
    [
      `Order: ${r.orderId.slice(0, 8)}`,
      `Runs until: ${mailDate(r.expireDate)}`,
      "An administrator will now set up your server; it appears on your dashboard once linked to this order.",
    ],
  );
}

export function renewalReceipt(
  r: ReceiptLines & {
    productName: string;
    orderId: string;
    expireDate: Date | string;
    automatic: boolean;
  },
): MailTemplate {
  return receipt(
    `Receipt: ${r.productName} renewed`,
    r.automatic
      ? `Your order of ${r.productName} was renewed automatically from your credit balance, as you chose with auto-renew.`
      : `Your order of ${r.productName} was renewed. The price was taken from your credit balance.`,
    r,
    [`Order: ${r.orderId.slice(0, 8)}`, `Runs until: ${mailDate(r.expireDate)}`],
  );
}
