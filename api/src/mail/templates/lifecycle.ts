import { renderMail } from "./layout.ts";
import { eur, type MailTemplate, mailDate, PREFERENCES_FOOTER } from "./receipts.ts";

interface OrderRef {
  productName: string;
  orderId: string;
}

const ref = (o: OrderRef) => `${o.productName} (order ${o.orderId.slice(0, 8)})`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function mail(subject: string, paragraphs: string[], footer?: string): MailTemplate {
  return { subject, ...renderMail({ title: subject, paragraphs, footer }) };
}

/** Sent once per reminder day (REMINDER_DAYS) before an order expires. */
export function expiryReminder(
  o: OrderRef & {
    days: number;
    expireDate: Date | string;
    price: string;
    balance: string;
    autoRenew: boolean;
    graceDays: number;
  },
): MailTemplate {
  const covered = Number(o.balance) >= Number(o.price);
  const next = o.autoRenew
    ? covered
      ? `Auto-renew is on: it will be renewed from your credit balance (${eur(o.balance)}) for ${eur(o.price)} shortly before it expires.`
      : `Auto-renew is on, but your credit balance (${eur(o.balance)}) does not cover the renewal price of ${eur(o.price)}. Top up your balance before then so it can be renewed.`
    : `Renew it on the Orders page for ${eur(o.price)} from your credit balance (${eur(o.balance)}) to keep its services running.`;
  const after =
    o.graceDays > 0
      ? `If it is not renewed, its services are suspended ${plural(o.graceDays, "day")} after it expires.`
      : "If it is not renewed, its services are suspended when it expires.";
  return mail(
    `${o.productName} expires in ${plural(o.days, "day")}`,
    [`Your order ${ref(o)} expires on ${mailDate(o.expireDate)}.`, next, after],
    PREFERENCES_FOOTER,
  );
}

/** Auto-renew is due and the balance does not cover the price: the customer can still top up. */
export function topUpNeeded(
  o: OrderRef & { expireDate: Date | string; price: string; balance: string },
): MailTemplate {
  return mail(`Top up to renew ${o.productName}`, [
    `Auto-renew could not renew your order ${ref(o)}: it costs ${eur(o.price)} and your credit balance is ${eur(o.balance)}.`,
    `Top up your balance before ${mailDate(o.expireDate)}; it is then renewed automatically within minutes. You can also renew it yourself on the Orders page.`,
  ]);
}

/** GRACE_DAYS > 0: the order expired but its services keep running until the grace ends. */
export function gracePeriodStarted(
  o: OrderRef & { expireDate: Date | string; suspendDate: Date | string },
): MailTemplate {
  return mail(`${o.productName} has expired`, [
    `Your order ${ref(o)} expired on ${mailDate(o.expireDate)}.`,
    `Its services keep running until ${mailDate(o.suspendDate)}; renew it on the Orders page before then to keep them.`,
  ]);
}

export interface ServiceLine {
  id: string;
  service_type: string;
  ipv4: string;
}

const serviceLine = (s: ServiceLine) =>
  `${s.service_type.toUpperCase()}-${s.id.slice(0, 8)} (${s.ipv4})`;

/** SPEC §4: an expired order suspends its services. */
export function orderExpired(o: OrderRef & { services: ServiceLine[] }): MailTemplate {
  return mail(
    o.services.length ? `Services suspended: ${o.productName} expired` : `${o.productName} expired`,
    [
      `Your order ${ref(o)} has expired.`,
      ...(o.services.length
        ? [`These services are now suspended: ${o.services.map(serviceLine).join(", ")}.`]
        : []),
      "Renew the order on the Orders page to reactivate it.",
    ],
  );
}

/** SPEC §4: a renewal reactivates the order's services that were not active. */
export function servicesReactivated(
  o: OrderRef & { services: ServiceLine[]; expireDate: Date | string },
): MailTemplate {
  return mail(`Services reactivated: ${o.productName}`, [
    `Your order ${ref(o)} was renewed and runs until ${mailDate(o.expireDate)}.`,
    `These services are active again: ${o.services.map(serviceLine).join(", ")}.`,
  ]);
}
