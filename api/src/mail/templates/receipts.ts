import type { Locale } from "../../../contracts/i18n/locales.ts";
import { formatDateTime, formatMoney } from "../../i18n/format.ts";
import { inEveryLocale, type MailTemplate, renderMail } from "./layout.ts";

export type { MailTemplate } from "./layout.ts";

/** Dates in mails are read far from the browser that knows the reader's zone: always UTC. */
export const mailDate = (date: Date | string, locale: Locale = "en") =>
  formatDateTime(date, locale);

/** SPEC §9: amounts with two decimals in EUR (the API's money strings already have two places). */
export const eur = (amount: string, locale: Locale = "en") => formatMoney(amount, locale);

export const PREFERENCES_FOOTERS: Record<Locale, string> = {
  en: "You can choose which of these emails you receive under Settings in the portal.",
  de: "Welche dieser E-Mails Sie erhalten, legen Sie im Portal unter Einstellungen fest.",
  fr: "Vous pouvez choisir les e-mails que vous recevez sous Paramètres dans le portail.",
  nl: "Onder Instellingen in het portaal kiest u welke van deze e-mails u ontvangt.",
};
export const PREFERENCES_FOOTER = PREFERENCES_FOOTERS.en;

interface ReceiptLines {
  amount: string;
  balance: string;
  date: Date | string;
  reference: string;
}

/** The receipts' words per language; the amounts and dates are formatted for it. */
const T = {
  en: {
    amount: "Amount",
    balanceAfter: "Balance after",
    date: "Date",
    reference: "Reference",
    order: "Order",
    runsUntil: "Runs until",
    topUpSubject: (amount: string) => `Receipt: ${amount} added to your balance`,
    topUpIntro: "Thank you for your payment. Your credit balance has been topped up.",
    purchaseSubject: (product: string) => `Receipt: ${product} ordered`,
    purchaseIntro: (product: string) =>
      `Thank you for your order of ${product}. The price was taken from your credit balance.`,
    purchaseNext:
      "An administrator will now set up your server; it appears on your dashboard once linked to this order.",
    renewalSubject: (product: string) => `Receipt: ${product} renewed`,
    renewedAuto: (product: string) =>
      `Your order of ${product} was renewed automatically from your credit balance, as you chose with auto-renew.`,
    renewed: (product: string) =>
      `Your order of ${product} was renewed. The price was taken from your credit balance.`,
  },
  de: {
    amount: "Betrag",
    balanceAfter: "Guthaben danach",
    date: "Datum",
    reference: "Referenz",
    order: "Bestellung",
    runsUntil: "Läuft bis",
    topUpSubject: (amount: string) => `Beleg: ${amount} Ihrem Guthaben gutgeschrieben`,
    topUpIntro: "Vielen Dank für Ihre Zahlung. Ihr Guthaben wurde aufgeladen.",
    purchaseSubject: (product: string) => `Beleg: ${product} bestellt`,
    purchaseIntro: (product: string) =>
      `Vielen Dank für Ihre Bestellung von ${product}. Der Preis wurde von Ihrem Guthaben abgebucht.`,
    purchaseNext:
      "Ein Administrator richtet jetzt Ihren Server ein; er erscheint auf Ihrer Übersicht, sobald er mit dieser Bestellung verknüpft ist.",
    renewalSubject: (product: string) => `Beleg: ${product} verlängert`,
    renewedAuto: (product: string) =>
      `Ihre Bestellung von ${product} wurde automatisch aus Ihrem Guthaben verlängert, wie Sie es mit der automatischen Verlängerung gewählt haben.`,
    renewed: (product: string) =>
      `Ihre Bestellung von ${product} wurde verlängert. Der Preis wurde von Ihrem Guthaben abgebucht.`,
  },
  fr: {
    amount: "Montant",
    balanceAfter: "Solde après",
    date: "Date",
    reference: "Référence",
    order: "Commande",
    runsUntil: "Valable jusqu'au",
    topUpSubject: (amount: string) => `Reçu\u00a0: ${amount} ajoutés à votre solde`,
    topUpIntro: "Merci pour votre paiement. Votre solde a été rechargé.",
    purchaseSubject: (product: string) => `Reçu\u00a0: ${product} commandé`,
    purchaseIntro: (product: string) =>
      `Merci pour votre commande de ${product}. Le prix a été déduit de votre solde.`,
    purchaseNext:
      "Un administrateur va maintenant installer votre serveur\u00a0; il apparaîtra sur votre tableau de bord dès qu'il sera lié à cette commande.",
    renewalSubject: (product: string) => `Reçu\u00a0: ${product} renouvelé`,
    renewedAuto: (product: string) =>
      `Votre commande de ${product} a été renouvelée automatiquement à partir de votre solde, comme vous l'avez choisi avec le renouvellement automatique.`,
    renewed: (product: string) =>
      `Votre commande de ${product} a été renouvelée. Le prix a été déduit de votre solde.`,
  },
  nl: {
    amount: "Bedrag",
    balanceAfter: "Saldo daarna",
    date: "Datum",
    reference: "Referentie",
    order: "Bestelling",
    runsUntil: "Loopt tot",
    topUpSubject: (amount: string) => `Ontvangstbewijs: ${amount} bijgeschreven op uw saldo`,
    topUpIntro: "Bedankt voor uw betaling. Uw tegoed is opgewaardeerd.",
    purchaseSubject: (product: string) => `Ontvangstbewijs: ${product} besteld`,
    purchaseIntro: (product: string) =>
      `Bedankt voor uw bestelling van ${product}. De prijs is van uw tegoed afgeschreven.`,
    purchaseNext:
      "Een beheerder richt nu uw server in; die verschijnt op uw Overzicht zodra hij aan deze bestelling is gekoppeld.",
    renewalSubject: (product: string) => `Ontvangstbewijs: ${product} verlengd`,
    renewedAuto: (product: string) =>
      `Uw bestelling van ${product} is automatisch verlengd met uw tegoed, zoals u met automatisch verlengen hebt gekozen.`,
    renewed: (product: string) =>
      `Uw bestelling van ${product} is verlengd. De prijs is van uw tegoed afgeschreven.`,
  },
} satisfies Record<Locale, unknown>;

const lines = (r: ReceiptLines, l: Locale) => [
  `${T[l].amount}: ${eur(r.amount, l)}`,
  `${T[l].balanceAfter}: ${eur(r.balance, l)}`,
  `${T[l].date}: ${mailDate(r.date, l)}`,
  `${T[l].reference}: ${r.reference}`,
];

function receipt(
  locale: Locale,
  subject: string,
  intro: string,
  r: ReceiptLines,
  extra: string[] = [],
) {
  const { text, html } = renderMail({
    title: subject,
    paragraphs: [intro, ...lines(r, locale), ...extra],
    footer: PREFERENCES_FOOTERS[locale],
    locale,
  });
  return { subject, text, html };
}

/** A PayPal top-up credited to the balance; the reference is PayPal's capture id. */
export function topUpReceipt(r: ReceiptLines): MailTemplate {
  return inEveryLocale((l) => receipt(l, T[l].topUpSubject(eur(r.amount, l)), T[l].topUpIntro, r));
}

/** SPEC §4: a purchase starts an order that runs 30 days. */
export function purchaseReceipt(
  r: ReceiptLines & { productName: string; orderId: string; expireDate: Date | string },
): MailTemplate {
  return inEveryLocale((l) =>
    receipt(l, T[l].purchaseSubject(r.productName), T[l].purchaseIntro(r.productName), r, [
      `${T[l].order}: ${r.orderId.slice(0, 8)}`,
      `${T[l].runsUntil}: ${mailDate(r.expireDate, l)}`,
      T[l].purchaseNext,
    ]),
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
  return inEveryLocale((l) =>
    receipt(
      l,
      T[l].renewalSubject(r.productName),
      r.automatic ? T[l].renewedAuto(r.productName) : T[l].renewed(r.productName),
      r,
      [
        `${T[l].order}: ${r.orderId.slice(0, 8)}`,
        `${T[l].runsUntil}: ${mailDate(r.expireDate, l)}`,
      ],
    ),
  );
}
