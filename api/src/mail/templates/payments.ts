import type { Locale } from "../../../contracts/i18n/locales.ts";
import { inEveryLocale, type MailTemplate, renderMail } from "./layout.ts";
import { eur, mailDate } from "./receipts.ts";

interface PaymentRef {
  amount: string;
  date: Date | string;
  reference: string;
}

const T = {
  en: {
    amount: "Amount",
    held: "Amount on hold",
    date: "Date",
    reference: "PayPal reference",
    deniedSubject: (amount: string) => `Your PayPal payment of ${amount} was not completed`,
    denied:
      "PayPal held this payment for review and then declined it. No credits were added to your balance, and PayPal does not take the money.",
    deniedNext: "You can top up again under Charge Credits, with PayPal or another funding source.",
    heldSubject: (amount: string) => `${amount} of your balance is on hold`,
    heldIntro:
      "PayPal is reviewing a dispute about one of your payments. While it does, this amount stays in your balance but cannot be spent. If PayPal decides in your favour nothing changes; otherwise the held amount is taken back.",
    heldNext:
      "Your Transactions and Settings pages show what is on hold and what you can still spend.",
  },
  de: {
    amount: "Betrag",
    held: "Zurückgehaltener Betrag",
    date: "Datum",
    reference: "PayPal-Referenz",
    deniedSubject: (amount: string) =>
      `Ihre PayPal-Zahlung über ${amount} wurde nicht abgeschlossen`,
    denied:
      "PayPal hat diese Zahlung zur Prüfung zurückgehalten und dann abgelehnt. Ihrem Guthaben wurde nichts gutgeschrieben, und PayPal bucht das Geld nicht ab.",
    deniedNext:
      "Unter Guthaben aufladen können Sie erneut aufladen, mit PayPal oder einer anderen Zahlungsquelle.",
    heldSubject: (amount: string) => `${amount} Ihres Guthabens werden zurückgehalten`,
    heldIntro:
      "PayPal prüft einen Konflikt zu einer Ihrer Zahlungen. Solange die Prüfung läuft, bleibt dieser Betrag in Ihrem Guthaben, kann aber nicht ausgegeben werden. Entscheidet PayPal zu Ihren Gunsten, ändert sich nichts; andernfalls wird der zurückgehaltene Betrag zurückgebucht.",
    heldNext:
      "Auf den Seiten Transaktionen und Einstellungen sehen Sie, was zurückgehalten wird und was Sie noch ausgeben können.",
  },
  fr: {
    amount: "Montant",
    held: "Montant bloqué",
    date: "Date",
    reference: "Référence PayPal",
    deniedSubject: (amount: string) => `Votre paiement PayPal de ${amount} n'a pas abouti`,
    denied:
      "PayPal a retenu ce paiement pour vérification, puis l'a refusé. Aucun crédit n'a été ajouté à votre solde et PayPal ne prélève pas l'argent.",
    deniedNext:
      "Vous pouvez effectuer une nouvelle recharge sous Recharger des crédits, avec PayPal ou un autre moyen de paiement.",
    heldSubject: (amount: string) => `${amount} de votre solde sont bloqués`,
    heldIntro:
      "PayPal examine un litige concernant l'un de vos paiements. Pendant ce temps, ce montant reste dans votre solde mais ne peut pas être dépensé. Si PayPal tranche en votre faveur, rien ne change\u00a0; sinon, le montant bloqué est repris.",
    heldNext:
      "Vos pages Transactions et Paramètres indiquent ce qui est bloqué et ce que vous pouvez encore dépenser.",
  },
  nl: {
    amount: "Bedrag",
    held: "Vastgehouden bedrag",
    date: "Datum",
    reference: "PayPal-referentie",
    deniedSubject: (amount: string) => `Uw PayPal-betaling van ${amount} is niet afgerond`,
    denied:
      "PayPal heeft deze betaling ter controle vastgehouden en daarna geweigerd. Er is geen tegoed bijgeschreven en PayPal schrijft het geld niet af.",
    deniedNext:
      "Via Tegoed opwaarderen kunt u opnieuw betalen, met PayPal of een andere betaalmethode.",
    heldSubject: (amount: string) => `${amount} van uw saldo wordt vastgehouden`,
    heldIntro:
      "PayPal onderzoekt een geschil over een van uw betalingen. Zolang dat duurt, blijft dit bedrag in uw saldo, maar kunt u het niet uitgeven. Beslist PayPal in uw voordeel, dan verandert er niets; anders wordt het vastgehouden bedrag teruggenomen.",
    heldNext:
      "Op de pagina's Transacties en Instellingen ziet u wat wordt vastgehouden en wat u nog kunt uitgeven.",
  },
} satisfies Record<Locale, unknown>;

function notice(l: Locale, subject: string, paragraphs: string[]) {
  const { text, html } = renderMail({ title: subject, paragraphs, locale: l });
  return { subject, text, html };
}

/**
 * A top-up PayPal held as pending (eCheck, review) and then denied: the buyer was told it would be
 * credited as soon as it completed, so they are told it will not be.
 */
export function paymentDenied(p: PaymentRef): MailTemplate {
  return inEveryLocale((l) =>
    notice(l, T[l].deniedSubject(eur(p.amount, l)), [
      T[l].denied,
      `${T[l].amount}: ${eur(p.amount, l)}`,
      `${T[l].date}: ${mailDate(p.date, l)}`,
      `${T[l].reference}: ${p.reference}`,
      T[l].deniedNext,
    ]),
  );
}

/**
 * PayPal opened a dispute about a top-up (or held its capture for a complaint or chargeback): the
 * amount stays in the balance but cannot be spent until PayPal decides.
 */
export function creditsHeld(p: PaymentRef): MailTemplate {
  return inEveryLocale((l) =>
    notice(l, T[l].heldSubject(eur(p.amount, l)), [
      T[l].heldIntro,
      `${T[l].held}: ${eur(p.amount, l)}`,
      `${T[l].date}: ${mailDate(p.date, l)}`,
      `${T[l].reference}: ${p.reference}`,
      T[l].heldNext,
    ]),
  );
}
