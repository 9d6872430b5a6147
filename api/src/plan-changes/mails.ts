import type { Locale } from "../../contracts/i18n/locales.ts";
import { inEveryLocale, renderMail } from "../mail/templates/layout.ts";
import { eur, type MailTemplate, mailDate } from "../mail/templates/receipts.ts";

/** Mails of plan changes and cancellations, in the customer's language. */

function mail(locale: Locale, subject: string, paragraphs: string[]) {
  return { subject, ...renderMail({ title: subject, paragraphs, locale }) };
}

const short = (id: string) => id.slice(0, 8);

const T = {
  en: {
    changedSubject: (to: string) => `Your server now runs ${to}`,
    changed: (id: string, from: string, to: string) =>
      `Your server VPS-${id} was changed from ${from} to ${to}.`,
    credited: (amount: string) =>
      `${amount} for the rest of the period went back to your balance; the credit note is with your transactions.`,
    invoiced: "The invoice for the rest of the period is with your transactions.",
    nextRenewal: "Your next renewal charges the new product's price.",
    failedSubject: (to: string) => `Your plan change could not be made: ${to}`,
    failed: (id: string, from: string, to: string) =>
      `Our provider could not change your server VPS-${id} from ${from} to ${to}, so it stays on ${from}.`,
    refunded: (amount: string) =>
      `${amount} went back to your balance; the credit note is with your transactions.`,
    nothingCharged: "Nothing was charged for it.",
    tryAgain: "You can try again later; if it keeps failing, please contact support.",
    cancelSubject: (product: string) => `Cancellation of ${product}`,
    atPeriodEnd: (id: string, date: string) =>
      `Your server VPS-${id} is cancelled at the end of its period: it keeps running until ${date} and is then deleted. Auto-renew is off.`,
    now: (id: string, date: string) =>
      `Your server VPS-${id} was cancelled and stopped. It is deleted at ${date}.`,
    unusedDays: (amount: string) =>
      `${amount} for the unused days went back to your balance; the credit note is with your transactions.`,
    canUndo: "You can undo the cancellation on the service page until then.",
  },
  de: {
    changedSubject: (to: string) => `Ihr Server läuft jetzt mit ${to}`,
    changed: (id: string, from: string, to: string) =>
      `Ihr Server VPS-${id} wurde von ${from} auf ${to} umgestellt.`,
    credited: (amount: string) =>
      `${amount} für den Rest der Laufzeit wurden Ihrem Guthaben gutgeschrieben; die Gutschrift finden Sie bei Ihren Transaktionen.`,
    invoiced: "Die Rechnung für den Rest der Laufzeit finden Sie bei Ihren Transaktionen.",
    nextRenewal: "Ab der nächsten Verlängerung gilt der Preis des neuen Produkts.",
    failedSubject: (to: string) => `Ihr Tarifwechsel konnte nicht durchgeführt werden: ${to}`,
    failed: (id: string, from: string, to: string) =>
      `Unser Anbieter konnte Ihren Server VPS-${id} nicht von ${from} auf ${to} umstellen; er bleibt daher bei ${from}.`,
    refunded: (amount: string) =>
      `${amount} wurden Ihrem Guthaben wieder gutgeschrieben; die Gutschrift finden Sie bei Ihren Transaktionen.`,
    nothingCharged: "Dafür wurde nichts berechnet.",
    tryAgain:
      "Sie können es später erneut versuchen; wenn es weiterhin fehlschlägt, wenden Sie sich bitte an den Support.",
    cancelSubject: (product: string) => `Kündigung von ${product}`,
    atPeriodEnd: (id: string, date: string) =>
      `Ihr Server VPS-${id} ist zum Ende seiner Laufzeit gekündigt: Er läuft bis ${date} weiter und wird dann gelöscht. Die automatische Verlängerung ist aus.`,
    now: (id: string, date: string) =>
      `Ihr Server VPS-${id} wurde gekündigt und angehalten. Er wird am ${date} gelöscht.`,
    unusedDays: (amount: string) =>
      `${amount} für die ungenutzten Tage wurden Ihrem Guthaben gutgeschrieben; die Gutschrift finden Sie bei Ihren Transaktionen.`,
    canUndo: "Bis dahin können Sie die Kündigung auf der Dienstseite zurücknehmen.",
  },
  fr: {
    changedSubject: (to: string) => `Votre serveur fonctionne désormais avec ${to}`,
    changed: (id: string, from: string, to: string) =>
      `Votre serveur VPS-${id} est passé de ${from} à ${to}.`,
    credited: (amount: string) =>
      `${amount} pour le reste de la période ont été recrédités sur votre solde\u00a0; l'avoir figure dans vos transactions.`,
    invoiced: "La facture pour le reste de la période figure dans vos transactions.",
    nextRenewal: "Votre prochain renouvellement sera facturé au prix du nouveau produit.",
    failedSubject: (to: string) => `Votre changement d'offre n'a pas pu être effectué\u00a0: ${to}`,
    failed: (id: string, from: string, to: string) =>
      `Notre fournisseur n'a pas pu faire passer votre serveur VPS-${id} de ${from} à ${to}\u00a0; il reste donc sur ${from}.`,
    refunded: (amount: string) =>
      `${amount} ont été recrédités sur votre solde\u00a0; l'avoir figure dans vos transactions.`,
    nothingCharged: "Rien ne vous a été facturé.",
    tryAgain: "Vous pouvez réessayer plus tard\u00a0; si l'échec persiste, contactez l'assistance.",
    cancelSubject: (product: string) => `Résiliation de ${product}`,
    atPeriodEnd: (id: string, date: string) =>
      `Votre serveur VPS-${id} est résilié à la fin de sa période\u00a0: il continue de fonctionner jusqu'au ${date}, puis il est supprimé. Le renouvellement automatique est désactivé.`,
    now: (id: string, date: string) =>
      `Votre serveur VPS-${id} a été résilié et arrêté. Il sera supprimé le ${date}.`,
    unusedDays: (amount: string) =>
      `${amount} pour les jours non utilisés ont été recrédités sur votre solde\u00a0; l'avoir figure dans vos transactions.`,
    canUndo: "D'ici là, vous pouvez annuler la résiliation sur la page du service.",
  },
  nl: {
    changedSubject: (to: string) => `Uw server draait nu op ${to}`,
    changed: (id: string, from: string, to: string) =>
      `Uw server VPS-${id} is omgezet van ${from} naar ${to}.`,
    credited: (amount: string) =>
      `${amount} voor de rest van de periode is teruggestort op uw tegoed; de creditnota staat bij uw transacties.`,
    invoiced: "De factuur voor de rest van de periode staat bij uw transacties.",
    nextRenewal: "Bij de volgende verlenging geldt de prijs van het nieuwe product.",
    failedSubject: (to: string) => `Uw pakketwijziging kon niet worden uitgevoerd: ${to}`,
    failed: (id: string, from: string, to: string) =>
      `Onze provider kon uw server VPS-${id} niet omzetten van ${from} naar ${to}, dus hij blijft op ${from}.`,
    refunded: (amount: string) =>
      `${amount} is teruggestort op uw tegoed; de creditnota staat bij uw transacties.`,
    nothingCharged: "Er is niets voor in rekening gebracht.",
    tryAgain:
      "U kunt het later opnieuw proberen; blijft het mislukken, neem dan contact op met support.",
    cancelSubject: (product: string) => `Opzegging van ${product}`,
    atPeriodEnd: (id: string, date: string) =>
      `Uw server VPS-${id} is opgezegd tegen het einde van de periode: hij blijft draaien tot ${date} en wordt daarna verwijderd. Automatisch verlengen staat uit.`,
    now: (id: string, date: string) =>
      `Uw server VPS-${id} is opgezegd en gestopt. Hij wordt verwijderd op ${date}.`,
    unusedDays: (amount: string) =>
      `${amount} voor de ongebruikte dagen is teruggestort op uw tegoed; de creditnota staat bij uw transacties.`,
    canUndo: "Tot die tijd kunt u de opzegging ongedaan maken op de dienstpagina.",
  },
} satisfies Record<Locale, unknown>;

export function planChanged(c: {
  from: string;
  to: string;
  serviceId: string;
  credited: string | null;
}): MailTemplate {
  return inEveryLocale((l) =>
    mail(l, T[l].changedSubject(c.to), [
      T[l].changed(short(c.serviceId), c.from, c.to),
      c.credited ? T[l].credited(eur(c.credited, l)) : T[l].invoiced,
      T[l].nextRenewal,
    ]),
  );
}

export function planChangeFailed(c: {
  from: string;
  to: string;
  serviceId: string;
  refunded: string | null;
}): MailTemplate {
  return inEveryLocale((l) =>
    mail(l, T[l].failedSubject(c.to), [
      T[l].failed(short(c.serviceId), c.from, c.to),
      c.refunded ? T[l].refunded(eur(c.refunded, l)) : T[l].nothingCharged,
      T[l].tryAgain,
    ]),
  );
}

export function cancellationConfirmed(c: {
  product: string;
  serviceId: string;
  mode: "period_end" | "now";
  effectiveAt: Date;
  refunded: string;
}): MailTemplate {
  return inEveryLocale((l) =>
    mail(l, T[l].cancelSubject(c.product), [
      c.mode === "period_end"
        ? T[l].atPeriodEnd(short(c.serviceId), mailDate(c.effectiveAt, l))
        : T[l].now(short(c.serviceId), mailDate(c.effectiveAt, l)),
      c.mode === "now" && c.refunded !== "0.00"
        ? T[l].unusedDays(eur(c.refunded, l))
        : T[l].canUndo,
    ]),
  );
}
