import type { Locale } from "../../../contracts/i18n/locales.ts";
import { inEveryLocale, type MailTemplate, renderMail } from "./layout.ts";
import { eur, mailDate, PREFERENCES_FOOTERS } from "./receipts.ts";

interface OrderRef {
  productName: string;
  orderId: string;
}

function mail(locale: Locale, subject: string, paragraphs: string[], footer?: string) {
  return { subject, ...renderMail({ title: subject, paragraphs, footer, locale }) };
}

/** The order lifecycle's words per language; amounts and dates come formatted for it. */
const T = {
  en: {
    ref: (o: OrderRef) => `${o.productName} (order ${o.orderId.slice(0, 8)})`,
    days: (n: number) => `${n} day${n === 1 ? "" : "s"}`,
    reminderSubject: (product: string, days: string) => `${product} expires in ${days}`,
    expiresOn: (ref: string, date: string) => `Your order ${ref} expires on ${date}.`,
    autoCovered: (balance: string, price: string) =>
      `Auto-renew is on: it will be renewed from your credit balance (${balance}) for ${price} shortly before it expires.`,
    autoShort: (balance: string, price: string) =>
      `Auto-renew is on, but your credit balance (${balance}) does not cover the renewal price of ${price}. Top up your balance before then so it can be renewed.`,
    renewYourself: (price: string, balance: string) =>
      `Renew it on the Orders page for ${price} from your credit balance (${balance}) to keep its services running.`,
    afterGrace: (days: string) =>
      `If it is not renewed, its services are suspended ${days} after it expires.`,
    afterNow: "If it is not renewed, its services are suspended when it expires.",
    topUpSubject: (product: string) => `Top up to renew ${product}`,
    topUpShort: (ref: string, price: string, balance: string) =>
      `Auto-renew could not renew your order ${ref}: it costs ${price} and your credit balance is ${balance}.`,
    topUpBefore: (date: string) =>
      `Top up your balance before ${date}; it is then renewed automatically within minutes. You can also renew it yourself on the Orders page.`,
    graceSubject: (product: string) => `${product} has expired`,
    expiredOn: (ref: string, date: string) => `Your order ${ref} expired on ${date}.`,
    keepRunning: (date: string) =>
      `Its services keep running until ${date}; renew it on the Orders page before then to keep them.`,
    suspendedSubject: (product: string) => `Services suspended: ${product} expired`,
    expiredSubject: (product: string) => `${product} expired`,
    hasExpired: (ref: string) => `Your order ${ref} has expired.`,
    nowSuspended: (list: string) => `These services are now suspended: ${list}.`,
    renewToReactivate: "Renew the order on the Orders page to reactivate it.",
    reactivatedSubject: (product: string) => `Services reactivated: ${product}`,
    renewedUntil: (ref: string, date: string) =>
      `Your order ${ref} was renewed and runs until ${date}.`,
    activeAgain: (list: string) => `These services are active again: ${list}.`,
  },
  de: {
    ref: (o: OrderRef) => `${o.productName} (Bestellung ${o.orderId.slice(0, 8)})`,
    days: (n: number) => `${n} ${n === 1 ? "Tag" : "Tagen"}`,
    reminderSubject: (product: string, days: string) => `${product} läuft in ${days} ab`,
    expiresOn: (ref: string, date: string) => `Ihre Bestellung ${ref} läuft am ${date} ab.`,
    autoCovered: (balance: string, price: string) =>
      `Die automatische Verlängerung ist an: Kurz vor dem Ablauf wird sie für ${price} aus Ihrem Guthaben (${balance}) verlängert.`,
    autoShort: (balance: string, price: string) =>
      `Die automatische Verlängerung ist an, aber Ihr Guthaben (${balance}) deckt den Verlängerungspreis von ${price} nicht. Laden Sie Ihr Guthaben bis dahin auf, damit sie verlängert werden kann.`,
    renewYourself: (price: string, balance: string) =>
      `Verlängern Sie sie auf der Seite Bestellungen für ${price} aus Ihrem Guthaben (${balance}), damit ihre Dienste weiterlaufen.`,
    afterGrace: (days: string) =>
      `Wird sie nicht verlängert, werden ihre Dienste ${days} nach dem Ablauf gesperrt.`,
    afterNow: "Wird sie nicht verlängert, werden ihre Dienste mit dem Ablauf gesperrt.",
    topUpSubject: (product: string) => `Guthaben aufladen, um ${product} zu verlängern`,
    topUpShort: (ref: string, price: string, balance: string) =>
      `Die automatische Verlängerung konnte Ihre Bestellung ${ref} nicht verlängern: Sie kostet ${price}, Ihr Guthaben beträgt ${balance}.`,
    topUpBefore: (date: string) =>
      `Laden Sie Ihr Guthaben vor dem ${date} auf; die Bestellung wird dann innerhalb weniger Minuten automatisch verlängert. Sie können sie auch selbst auf der Seite Bestellungen verlängern.`,
    graceSubject: (product: string) => `${product} ist abgelaufen`,
    expiredOn: (ref: string, date: string) => `Ihre Bestellung ${ref} ist am ${date} abgelaufen.`,
    keepRunning: (date: string) =>
      `Ihre Dienste laufen bis zum ${date} weiter; verlängern Sie die Bestellung vorher auf der Seite Bestellungen, um sie zu behalten.`,
    suspendedSubject: (product: string) => `Dienste gesperrt: ${product} ist abgelaufen`,
    expiredSubject: (product: string) => `${product} ist abgelaufen`,
    hasExpired: (ref: string) => `Ihre Bestellung ${ref} ist abgelaufen.`,
    nowSuspended: (list: string) => `Diese Dienste sind jetzt gesperrt: ${list}.`,
    renewToReactivate:
      "Verlängern Sie die Bestellung auf der Seite Bestellungen, um sie wieder zu aktivieren.",
    reactivatedSubject: (product: string) => `Dienste wieder aktiv: ${product}`,
    renewedUntil: (ref: string, date: string) =>
      `Ihre Bestellung ${ref} wurde verlängert und läuft bis ${date}.`,
    activeAgain: (list: string) => `Diese Dienste sind wieder aktiv: ${list}.`,
  },
  fr: {
    ref: (o: OrderRef) => `${o.productName} (commande ${o.orderId.slice(0, 8)})`,
    days: (n: number) => `${n}\u00a0jour${n === 1 ? "" : "s"}`,
    reminderSubject: (product: string, days: string) => `${product} expire dans ${days}`,
    expiresOn: (ref: string, date: string) => `Votre commande ${ref} expire le ${date}.`,
    autoCovered: (balance: string, price: string) =>
      `Le renouvellement automatique est activé\u00a0: elle sera renouvelée pour ${price} à partir de votre solde (${balance}) peu avant son expiration.`,
    autoShort: (balance: string, price: string) =>
      `Le renouvellement automatique est activé, mais votre solde (${balance}) ne couvre pas le prix de renouvellement de ${price}. Rechargez votre solde d'ici là pour qu'elle puisse être renouvelée.`,
    renewYourself: (price: string, balance: string) =>
      `Renouvelez-la sur la page Commandes pour ${price} à partir de votre solde (${balance}) afin que ses services continuent de fonctionner.`,
    afterGrace: (days: string) =>
      `Sans renouvellement, ses services sont suspendus ${days} après son expiration.`,
    afterNow: "Sans renouvellement, ses services sont suspendus à son expiration.",
    topUpSubject: (product: string) => `Rechargez votre solde pour renouveler ${product}`,
    topUpShort: (ref: string, price: string, balance: string) =>
      `Le renouvellement automatique n'a pas pu renouveler votre commande ${ref}\u00a0: elle coûte ${price} et votre solde est de ${balance}.`,
    topUpBefore: (date: string) =>
      `Rechargez votre solde avant le ${date}\u00a0; elle sera alors renouvelée automatiquement en quelques minutes. Vous pouvez aussi la renouveler vous-même sur la page Commandes.`,
    graceSubject: (product: string) => `${product} a expiré`,
    expiredOn: (ref: string, date: string) => `Votre commande ${ref} a expiré le ${date}.`,
    keepRunning: (date: string) =>
      `Ses services continuent de fonctionner jusqu'au ${date}\u00a0; renouvelez-la d'ici là sur la page Commandes pour les conserver.`,
    suspendedSubject: (product: string) => `Services suspendus\u00a0: ${product} a expiré`,
    expiredSubject: (product: string) => `${product} a expiré`,
    hasExpired: (ref: string) => `Votre commande ${ref} a expiré.`,
    nowSuspended: (list: string) => `Ces services sont désormais suspendus\u00a0: ${list}.`,
    renewToReactivate: "Renouvelez la commande sur la page Commandes pour la réactiver.",
    reactivatedSubject: (product: string) => `Services réactivés\u00a0: ${product}`,
    renewedUntil: (ref: string, date: string) =>
      `Votre commande ${ref} a été renouvelée et court jusqu'au ${date}.`,
    activeAgain: (list: string) => `Ces services sont de nouveau actifs\u00a0: ${list}.`,
  },
  nl: {
    ref: (o: OrderRef) => `${o.productName} (bestelling ${o.orderId.slice(0, 8)})`,
    days: (n: number) => `${n} ${n === 1 ? "dag" : "dagen"}`,
    reminderSubject: (product: string, days: string) => `${product} verloopt over ${days}`,
    expiresOn: (ref: string, date: string) => `Uw bestelling ${ref} verloopt op ${date}.`,
    autoCovered: (balance: string, price: string) =>
      `Automatisch verlengen staat aan: kort voor het verlopen wordt ze voor ${price} verlengd met uw tegoed (${balance}).`,
    autoShort: (balance: string, price: string) =>
      `Automatisch verlengen staat aan, maar uw tegoed (${balance}) dekt de verlengingsprijs van ${price} niet. Waardeer uw tegoed vóór die tijd op, zodat ze kan worden verlengd.`,
    renewYourself: (price: string, balance: string) =>
      `Verleng ze op de pagina Bestellingen voor ${price} met uw tegoed (${balance}), zodat de diensten blijven draaien.`,
    afterGrace: (days: string) =>
      `Wordt ze niet verlengd, dan worden de diensten ${days} na het verlopen geblokkeerd.`,
    afterNow: "Wordt ze niet verlengd, dan worden de diensten bij het verlopen geblokkeerd.",
    topUpSubject: (product: string) => `Waardeer op om ${product} te verlengen`,
    topUpShort: (ref: string, price: string, balance: string) =>
      `Automatisch verlengen kon uw bestelling ${ref} niet verlengen: ze kost ${price} en uw tegoed is ${balance}.`,
    topUpBefore: (date: string) =>
      `Waardeer uw tegoed op vóór ${date}; ze wordt dan binnen enkele minuten automatisch verlengd. U kunt ze ook zelf verlengen op de pagina Bestellingen.`,
    graceSubject: (product: string) => `${product} is verlopen`,
    expiredOn: (ref: string, date: string) => `Uw bestelling ${ref} is verlopen op ${date}.`,
    keepRunning: (date: string) =>
      `De diensten blijven draaien tot ${date}; verleng de bestelling vóór die tijd op de pagina Bestellingen om ze te behouden.`,
    suspendedSubject: (product: string) => `Diensten geblokkeerd: ${product} is verlopen`,
    expiredSubject: (product: string) => `${product} is verlopen`,
    hasExpired: (ref: string) => `Uw bestelling ${ref} is verlopen.`,
    nowSuspended: (list: string) => `Deze diensten zijn nu geblokkeerd: ${list}.`,
    renewToReactivate: "Verleng de bestelling op de pagina Bestellingen om ze weer te activeren.",
    reactivatedSubject: (product: string) => `Diensten weer actief: ${product}`,
    renewedUntil: (ref: string, date: string) =>
      `Uw bestelling ${ref} is verlengd en loopt tot ${date}.`,
    activeAgain: (list: string) => `Deze diensten zijn weer actief: ${list}.`,
  },
} satisfies Record<Locale, unknown>;

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
  return inEveryLocale((l) => {
    const t = T[l];
    const [price, balance] = [eur(o.price, l), eur(o.balance, l)];
    const next = o.autoRenew
      ? covered
        ? t.autoCovered(balance, price)
        : t.autoShort(balance, price)
      : t.renewYourself(price, balance);
    const after = o.graceDays > 0 ? t.afterGrace(t.days(o.graceDays)) : t.afterNow;
    return mail(
      l,
      t.reminderSubject(o.productName, t.days(o.days)),
      [t.expiresOn(t.ref(o), mailDate(o.expireDate, l)), next, after],
      PREFERENCES_FOOTERS[l],
    );
  });
}

/** Auto-renew is due and the balance does not cover the price: the customer can still top up. */
export function topUpNeeded(
  o: OrderRef & { expireDate: Date | string; price: string; balance: string },
): MailTemplate {
  return inEveryLocale((l) =>
    mail(l, T[l].topUpSubject(o.productName), [
      T[l].topUpShort(T[l].ref(o), eur(o.price, l), eur(o.balance, l)),
      T[l].topUpBefore(mailDate(o.expireDate, l)),
    ]),
  );
}

/** GRACE_DAYS > 0: the order expired but its services keep running until the grace ends. */
export function gracePeriodStarted(
  o: OrderRef & { expireDate: Date | string; suspendDate: Date | string },
): MailTemplate {
  return inEveryLocale((l) =>
    mail(l, T[l].graceSubject(o.productName), [
      T[l].expiredOn(T[l].ref(o), mailDate(o.expireDate, l)),
      T[l].keepRunning(mailDate(o.suspendDate, l)),
    ]),
  );
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
  return inEveryLocale((l) =>
    mail(
      l,
      o.services.length ? T[l].suspendedSubject(o.productName) : T[l].expiredSubject(o.productName),
      [
        T[l].hasExpired(T[l].ref(o)),
        ...(o.services.length ? [T[l].nowSuspended(o.services.map(serviceLine).join(", "))] : []),
        T[l].renewToReactivate,
      ],
    ),
  );
}

/** SPEC §4: a renewal reactivates the order's services that were not active. */
export function servicesReactivated(
  o: OrderRef & { services: ServiceLine[]; expireDate: Date | string },
): MailTemplate {
  return inEveryLocale((l) =>
    mail(l, T[l].reactivatedSubject(o.productName), [
      T[l].renewedUntil(T[l].ref(o), mailDate(o.expireDate, l)),
      T[l].activeAgain(o.services.map(serviceLine).join(", ")),
    ]),
  );
}
