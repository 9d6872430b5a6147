import type { Locale } from "../../../contracts/i18n/locales.ts";
import { inEveryLocale, renderMail } from "./layout.ts";
import { eur, type MailTemplate, mailDate } from "./receipts.ts";

/**
 * Mails of a server's life at the provider: ready, not made, about to be deleted, deleted. The
 * customer's in their language; the staff's (a failed provisioning, drift) in English, the
 * language of the admin pages' operations.
 */

function mail(
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  locale: Locale = "en",
): MailTemplate {
  return { subject, ...renderMail({ title: subject, paragraphs, action, locale }) };
}

const short = (id: string) => id.slice(0, 8);

const T = {
  en: {
    readySubject: (product: string) => `Your server is ready: ${product}`,
    running: (product: string, id: string, ipv4: string) =>
      `Your ${product} (VPS-${id}) is running at ${ipv4}.`,
    passwordWaiting:
      "Its root password is waiting on the service page, shown once: open it, store the password safely, then sign in as root.",
    setPassword: "Set its root password on the service page with Change Password.",
    openServer: "Open your server",
    failedSubject: (product: string) => `We could not set up your server: ${product}`,
    notSetUp: (product: string, order: string) =>
      `Your order ${product} (order ${order}) could not be set up at our provider, so it was cancelled.`,
    nothingCharged: "Nothing was charged for it.",
    refunded: (amount: string) =>
      `${amount} went back to your balance; the credit note is with your transactions.`,
    staffTold: "Our staff have been told. You can order again at any time.",
    warningSubject: (date: string) => `Your suspended server will be deleted on ${date}`,
    suspendedSince: (product: string, id: string) =>
      `Your ${product} (VPS-${id}) has been suspended since its order expired.`,
    deletedOn: (date: string) =>
      `On ${date} the server and all its data will be deleted for good. Renew the order before then to keep it.`,
    openOrders: "Open your orders",
    deletedSubject: (product: string) => `Your server was deleted: ${product}`,
    deleted: (product: string, id: string) =>
      `Your ${product} (VPS-${id}) stayed suspended past its deletion date, so the server and its data were deleted.`,
    inHistory: "It stays in your service history. Order a new server at any time.",
  },
  de: {
    readySubject: (product: string) => `Ihr Server ist bereit: ${product}`,
    running: (product: string, id: string, ipv4: string) =>
      `Ihr ${product} (VPS-${id}) läuft unter ${ipv4}.`,
    passwordWaiting:
      "Sein Root-Passwort wartet auf der Dienstseite und wird einmal angezeigt: Öffnen Sie sie, bewahren Sie das Passwort sicher auf und melden Sie sich dann als root an.",
    setPassword: "Legen Sie sein Root-Passwort auf der Dienstseite mit Passwort ändern fest.",
    openServer: "Server öffnen",
    failedSubject: (product: string) => `Wir konnten Ihren Server nicht einrichten: ${product}`,
    notSetUp: (product: string, order: string) =>
      `Ihre Bestellung ${product} (Bestellung ${order}) konnte bei unserem Anbieter nicht eingerichtet werden und wurde daher storniert.`,
    nothingCharged: "Dafür wurde nichts berechnet.",
    refunded: (amount: string) =>
      `${amount} wurden Ihrem Guthaben wieder gutgeschrieben; die Gutschrift finden Sie bei Ihren Transaktionen.`,
    staffTold: "Unsere Mitarbeiter sind informiert. Sie können jederzeit erneut bestellen.",
    warningSubject: (date: string) => `Ihr gesperrter Server wird am ${date} gelöscht`,
    suspendedSince: (product: string, id: string) =>
      `Ihr ${product} (VPS-${id}) ist gesperrt, seit seine Bestellung abgelaufen ist.`,
    deletedOn: (date: string) =>
      `Am ${date} werden der Server und alle seine Daten endgültig gelöscht. Verlängern Sie die Bestellung vorher, um ihn zu behalten.`,
    openOrders: "Bestellungen öffnen",
    deletedSubject: (product: string) => `Ihr Server wurde gelöscht: ${product}`,
    deleted: (product: string, id: string) =>
      `Ihr ${product} (VPS-${id}) war über sein Löschdatum hinaus gesperrt, daher wurden der Server und seine Daten gelöscht.`,
    inHistory:
      "Er bleibt in Ihrem Dienstverlauf sichtbar. Sie können jederzeit einen neuen Server bestellen.",
  },
  fr: {
    readySubject: (product: string) => `Votre serveur est prêt\u00a0: ${product}`,
    running: (product: string, id: string, ipv4: string) =>
      `Votre ${product} (VPS-${id}) fonctionne à l'adresse ${ipv4}.`,
    passwordWaiting:
      "Son mot de passe root vous attend sur la page du service et ne s'affiche qu'une fois\u00a0: ouvrez-la, conservez le mot de passe en lieu sûr, puis connectez-vous en tant que root.",
    setPassword:
      "Définissez son mot de passe root sur la page du service avec Changer le mot de passe.",
    openServer: "Ouvrir votre serveur",
    failedSubject: (product: string) =>
      `Nous n'avons pas pu installer votre serveur\u00a0: ${product}`,
    notSetUp: (product: string, order: string) =>
      `Votre commande ${product} (commande ${order}) n'a pas pu être installée chez notre fournisseur\u00a0; elle a donc été annulée.`,
    nothingCharged: "Rien ne vous a été facturé.",
    refunded: (amount: string) =>
      `${amount} ont été recrédités sur votre solde\u00a0; l'avoir figure dans vos transactions.`,
    staffTold: "Notre équipe a été prévenue. Vous pouvez commander à nouveau à tout moment.",
    warningSubject: (date: string) => `Votre serveur suspendu sera supprimé le ${date}`,
    suspendedSince: (product: string, id: string) =>
      `Votre ${product} (VPS-${id}) est suspendu depuis l'expiration de sa commande.`,
    deletedOn: (date: string) =>
      `Le ${date}, le serveur et toutes ses données seront définitivement supprimés. Renouvelez la commande d'ici là pour le conserver.`,
    openOrders: "Ouvrir vos commandes",
    deletedSubject: (product: string) => `Votre serveur a été supprimé\u00a0: ${product}`,
    deleted: (product: string, id: string) =>
      `Votre ${product} (VPS-${id}) est resté suspendu au-delà de sa date de suppression\u00a0; le serveur et ses données ont donc été supprimés.`,
    inHistory:
      "Il reste dans l'historique de vos services. Vous pouvez commander un nouveau serveur à tout moment.",
  },
  nl: {
    readySubject: (product: string) => `Uw server is klaar: ${product}`,
    running: (product: string, id: string, ipv4: string) =>
      `Uw ${product} (VPS-${id}) draait op ${ipv4}.`,
    passwordWaiting:
      "Het rootwachtwoord staat klaar op de dienstpagina en wordt één keer getoond: open die, bewaar het wachtwoord veilig en log daarna in als root.",
    setPassword: "Stel het rootwachtwoord in op de dienstpagina met Wachtwoord wijzigen.",
    openServer: "Uw server openen",
    failedSubject: (product: string) => `We konden uw server niet inrichten: ${product}`,
    notSetUp: (product: string, order: string) =>
      `Uw bestelling ${product} (bestelling ${order}) kon bij onze provider niet worden ingericht en is daarom geannuleerd.`,
    nothingCharged: "Er is niets voor in rekening gebracht.",
    refunded: (amount: string) =>
      `${amount} is teruggestort op uw tegoed; de creditnota staat bij uw transacties.`,
    staffTold: "Onze medewerkers zijn op de hoogte. U kunt op elk moment opnieuw bestellen.",
    warningSubject: (date: string) => `Uw geblokkeerde server wordt verwijderd op ${date}`,
    suspendedSince: (product: string, id: string) =>
      `Uw ${product} (VPS-${id}) is geblokkeerd sinds de bestelling is verlopen.`,
    deletedOn: (date: string) =>
      `Op ${date} worden de server en al zijn gegevens definitief verwijderd. Verleng de bestelling vóór die tijd om hem te behouden.`,
    openOrders: "Uw bestellingen openen",
    deletedSubject: (product: string) => `Uw server is verwijderd: ${product}`,
    deleted: (product: string, id: string) =>
      `Uw ${product} (VPS-${id}) bleef geblokkeerd tot na de verwijderdatum, daarom zijn de server en zijn gegevens verwijderd.`,
    inHistory:
      "Hij blijft zichtbaar in uw dienstgeschiedenis. U kunt op elk moment een nieuwe server bestellen.",
  },
} satisfies Record<Locale, unknown>;

/** The root password is never mailed: the service page shows it once. */
export function serverReady(s: {
  productName: string;
  serviceId: string;
  ipv4: string;
  url: string;
  passwordWaiting: boolean;
}): MailTemplate {
  return inEveryLocale((l) =>
    mail(
      T[l].readySubject(s.productName),
      [
        T[l].running(s.productName, short(s.serviceId), s.ipv4),
        s.passwordWaiting ? T[l].passwordWaiting : T[l].setPassword,
      ],
      { label: T[l].openServer, url: s.url },
      l,
    ),
  );
}

export function provisioningFailed(o: {
  productName: string;
  orderId: string;
  refunded: string;
  reason: string;
}): { customer: MailTemplate; staff: (adminUrl: string) => MailTemplate } {
  return {
    customer: inEveryLocale((l) =>
      mail(
        T[l].failedSubject(o.productName),
        [
          T[l].notSetUp(o.productName, short(o.orderId)),
          o.refunded === "0.00" ? T[l].nothingCharged : T[l].refunded(eur(o.refunded, l)),
          T[l].staffTold,
        ],
        undefined,
        l,
      ),
    ),
    staff: (adminUrl) =>
      mail(
        `Provisioning failed: ${o.productName}`,
        [
          `Order ${o.orderId} was cancelled and ${eur(o.refunded)} refunded to the customer's balance.`,
          `Reason: ${o.reason}`,
          "Retry it from Manage Services (filter: provisioning failed) once the cause is fixed.",
        ],
        { label: "Open Manage Services", url: adminUrl },
      ),
  };
}

export function terminationWarning(s: {
  productName: string;
  serviceId: string;
  deleteOn: Date;
  url: string;
}): MailTemplate {
  return inEveryLocale((l) =>
    mail(
      T[l].warningSubject(mailDate(s.deleteOn, l)),
      [
        T[l].suspendedSince(s.productName, short(s.serviceId)),
        T[l].deletedOn(mailDate(s.deleteOn, l)),
      ],
      { label: T[l].openOrders, url: s.url },
      l,
    ),
  );
}

export function serverTerminated(s: { productName: string; serviceId: string }): MailTemplate {
  return inEveryLocale((l) =>
    mail(
      T[l].deletedSubject(s.productName),
      [T[l].deleted(s.productName, short(s.serviceId)), T[l].inHistory],
      undefined,
      l,
    ),
  );
}

export function driftFound(d: {
  unknownServers: number[];
  missingServers: { vmId: number; serviceId: string | null }[];
  adminUrl: string;
}): MailTemplate {
  return mail(
    "The provider and the portal disagree about servers",
    [
      ...(d.unknownServers.length
        ? [
            `Servers at the provider that no service knows: ${d.unknownServers.join(", ")}. They may be costing money.`,
          ]
        : []),
      ...(d.missingServers.length
        ? [
            `Services whose server is gone at the provider: ${d.missingServers
              .map((m) => `${m.vmId} (service ${m.serviceId ? short(m.serviceId) : "?"})`)
              .join(", ")}.`,
          ]
        : []),
      "Nothing was deleted or changed automatically. Check each one on the Provider page.",
    ],
    { label: "Open the Provider page", url: d.adminUrl },
  );
}
