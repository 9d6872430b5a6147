import type { Locale } from "../../../contracts/i18n/locales.ts";
import { type AccountRole, INVITATION_DAYS } from "../../../contracts/members.ts";
import { inEveryLocale, type MailTemplate, renderMail } from "./layout.ts";

/**
 * The team mails: an invitation, and the notice every membership change sends the owners. Each
 * renders in every language (the outbox keeps the recipient's); the roles are named as Settings →
 * Members names them in that language.
 */

const ROLE_NAMES: Record<Locale, Record<AccountRole, string>> = {
  en: { owner: "owner", billing: "billing", technical: "technical", read_only: "read-only" },
  de: { owner: "Inhaber", billing: "Abrechnung", technical: "Technik", read_only: "Nur lesen" },
  fr: {
    owner: "Propriétaire",
    billing: "Facturation",
    technical: "Technique",
    read_only: "Lecture seule",
  },
  nl: {
    owner: "Eigenaar",
    billing: "Facturatie",
    technical: "Technisch",
    read_only: "Alleen lezen",
  },
};
export const roleName = (role: AccountRole, locale: Locale = "en") => ROLE_NAMES[locale][role];

/** A role's name inside a sentence, quoted as each language quotes a label. */
const QUOTE: Record<Locale, (name: string) => string> = {
  en: (name) => name,
  de: (name) => `„${name}“`,
  fr: (name) => `«\u00a0${name}\u00a0»`,
  nl: (name) => `‘${name}’`,
};
const role = (r: AccountRole, locale: Locale) => QUOTE[locale](roleName(r, locale));

/** Who acted, when their profile is gone: the sentences start with the name. */
const SOMEONE: Record<Locale, string> = {
  en: "someone",
  de: "Jemand",
  fr: "Quelqu'un",
  nl: "Iemand",
};
const person = (name: string | null, locale: Locale) => name ?? SOMEONE[locale];

const INVITATION: Record<
  Locale,
  (p: { accountName: string; inviter: string | null; role: AccountRole }) => {
    subject: string;
    title: string;
    greeting: string;
    body: string;
    action: string;
    footer: string;
  }
> = {
  en: (p) => ({
    subject: `You are invited to the Hosting Portal account ${p.accountName}`,
    title: "You are invited",
    greeting: "Hello,",
    body: `${person(p.inviter, "en")} invites you to the Hosting Portal account ${p.accountName} with the ${role(p.role, "en")} role. Sign in, or sign up with this email address, to accept. The link works once, for ${INVITATION_DAYS} days.`,
    action: "Accept the invitation",
    footer: "If you do not know the sender, ignore this mail: nothing happens without the link.",
  }),
  de: (p) => ({
    subject: `Einladung zum Hosting-Portal-Konto ${p.accountName}`,
    title: "Sie sind eingeladen",
    greeting: "Hallo,",
    body: `${person(p.inviter, "de")} lädt Sie mit der Rolle ${role(p.role, "de")} in das Hosting-Portal-Konto ${p.accountName} ein. Melden Sie sich an oder registrieren Sie sich mit dieser E-Mail-Adresse, um die Einladung anzunehmen. Der Link funktioniert einmal, ${INVITATION_DAYS} Tage lang.`,
    action: "Einladung annehmen",
    footer:
      "Wenn Sie den Absender nicht kennen, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.",
  }),
  fr: (p) => ({
    subject: `Invitation au compte Hosting Portal ${p.accountName}`,
    title: "Invitation à rejoindre un compte",
    greeting: "Bonjour,",
    body: `${person(p.inviter, "fr")} vous invite à rejoindre le compte Hosting Portal ${p.accountName} avec le rôle ${role(p.role, "fr")}. Connectez-vous, ou inscrivez-vous avec cette adresse e-mail, pour accepter. Le lien fonctionne une seule fois, pendant ${INVITATION_DAYS}\u00a0jours.`,
    action: "Accepter l'invitation",
    footer:
      "Si vous ne connaissez pas l'expéditeur, ignorez cet e-mail\u00a0: rien ne se passe sans le lien.",
  }),
  nl: (p) => ({
    subject: `Uitnodiging voor het Hosting Portal-account ${p.accountName}`,
    title: "U bent uitgenodigd",
    greeting: "Hallo,",
    body: `${person(p.inviter, "nl")} nodigt u uit voor het Hosting Portal-account ${p.accountName} met de rol ${role(p.role, "nl")}. Meld u aan, of registreer u met dit e-mailadres, om de uitnodiging te accepteren. De link werkt één keer, ${INVITATION_DAYS} dagen lang.`,
    action: "Uitnodiging accepteren",
    footer: "Kent u de afzender niet? Negeer deze e-mail dan: zonder de link gebeurt er niets.",
  }),
};

export function invitationMail(p: {
  accountName: string;
  /** The inviter's name; null when their profile is gone. */
  inviter: string | null;
  role: AccountRole;
  url: string;
}): MailTemplate {
  return inEveryLocale((locale) => {
    const w = INVITATION[locale](p);
    return {
      subject: w.subject,
      ...renderMail({
        title: w.title,
        paragraphs: [w.greeting, w.body],
        action: { label: w.action, url: p.url },
        footer: w.footer,
        locale,
      }),
    };
  });
}

/** One sentence of a membership notice, in a language. */
export type MemberChange = (locale: Locale) => string;

/**
 * What changed in an account's members, one sentence each; the service names the change and its
 * people, the wording is here. Names and addresses are the people's own, never translated.
 */
export const memberChange = {
  invited:
    (inviter: string | null, email: string, r: AccountRole): MemberChange =>
    (locale) =>
      ({
        en: `${person(inviter, "en")} invited ${email} with the ${role(r, "en")} role.`,
        de: `${person(inviter, "de")} hat ${email} mit der Rolle ${role(r, "de")} eingeladen.`,
        fr: `${person(inviter, "fr")} a invité ${email} avec le rôle ${role(r, "fr")}.`,
        nl: `${person(inviter, "nl")} heeft ${email} uitgenodigd met de rol ${role(r, "nl")}.`,
      })[locale],
  invitationWithdrawn:
    (actor: string | null, email: string): MemberChange =>
    (locale) =>
      ({
        en: `${person(actor, "en")} withdrew the invitation of ${email}.`,
        de: `${person(actor, "de")} hat die Einladung an ${email} zurückgezogen.`,
        fr: `${person(actor, "fr")} a retiré l'invitation envoyée à ${email}.`,
        nl: `${person(actor, "nl")} heeft de uitnodiging voor ${email} ingetrokken.`,
      })[locale],
  joined:
    (username: string, email: string, r: AccountRole): MemberChange =>
    (locale) =>
      ({
        en: `${username} (${email}) accepted the invitation and joined with the ${role(r, "en")} role.`,
        de: `${username} (${email}) hat die Einladung angenommen und ist mit der Rolle ${role(r, "de")} beigetreten.`,
        fr: `${username} (${email}) a accepté l'invitation et a rejoint le compte avec le rôle ${role(r, "fr")}.`,
        nl: `${username} (${email}) heeft de uitnodiging geaccepteerd en is lid geworden met de rol ${role(r, "nl")}.`,
      })[locale],
  roleChanged:
    (actor: string | null, username: string, from: AccountRole, to: AccountRole): MemberChange =>
    (locale) =>
      ({
        en: `${person(actor, "en")} changed the role of ${username} from ${role(from, "en")} to ${role(to, "en")}.`,
        de: `${person(actor, "de")} hat die Rolle von ${username} von ${role(from, "de")} in ${role(to, "de")} geändert.`,
        fr: `${person(actor, "fr")} a changé le rôle de ${username} de ${role(from, "fr")} en ${role(to, "fr")}.`,
        nl: `${person(actor, "nl")} heeft de rol van ${username} gewijzigd van ${role(from, "nl")} in ${role(to, "nl")}.`,
      })[locale],
  left:
    (username: string, email: string): MemberChange =>
    (locale) =>
      ({
        en: `${username} (${email}) left the account.`,
        de: `${username} (${email}) hat das Konto verlassen.`,
        fr: `${username} (${email}) a quitté le compte.`,
        nl: `${username} (${email}) heeft het account verlaten.`,
      })[locale],
  removed:
    (actor: string | null, username: string, email: string): MemberChange =>
    (locale) =>
      ({
        en: `${person(actor, "en")} removed ${username} (${email}) from the account.`,
        de: `${person(actor, "de")} hat ${username} (${email}) aus dem Konto entfernt.`,
        fr: `${person(actor, "fr")} a retiré ${username} (${email}) du compte.`,
        nl: `${person(actor, "nl")} heeft ${username} (${email}) uit het account verwijderd.`,
      })[locale],
  /** Added to a removal or a departure: the API tokens the person made for the account. */
  tokensRevoked:
    (names: string[]): MemberChange =>
    (locale) =>
      ({
        en: `The API tokens they made for it were revoked: ${names.join(", ")}.`,
        de: `Die API-Tokens, die diese Person für das Konto erstellt hat, wurden widerrufen: ${names.join(", ")}.`,
        fr: `Les jetons d'API que cette personne avait créés pour le compte ont été révoqués\u00a0: ${names.join(", ")}.`,
        nl: `De API-tokens die deze persoon voor het account had gemaakt, zijn ingetrokken: ${names.join(", ")}.`,
      })[locale],
};

const CHANGED: Record<
  Locale,
  (accountName: string) => {
    subject: string;
    title: string;
    greeting: string;
    action: string;
    footer: string;
  }
> = {
  en: (accountName) => ({
    subject: `Members of ${accountName} changed`,
    title: "The account's members changed",
    greeting: "Hello,",
    action: "See the members",
    footer: "You get this mail as an owner of the account.",
  }),
  de: (accountName) => ({
    subject: `Mitglieder von ${accountName} geändert`,
    title: "Die Mitglieder des Kontos haben sich geändert",
    greeting: "Hallo,",
    action: "Mitglieder ansehen",
    footer: "Sie erhalten diese E-Mail als Inhaber des Kontos.",
  }),
  fr: (accountName) => ({
    subject: `Les membres du compte ${accountName} ont changé`,
    title: "Les membres du compte ont changé",
    greeting: "Bonjour,",
    action: "Voir les membres",
    footer: "Vous recevez cet e-mail en tant que propriétaire du compte.",
  }),
  nl: (accountName) => ({
    subject: `Leden van ${accountName} gewijzigd`,
    title: "De leden van het account zijn gewijzigd",
    greeting: "Hallo,",
    action: "Leden bekijken",
    footer: "U ontvangt deze e-mail als eigenaar van het account.",
  }),
};

/**
 * To every owner (and the person concerned): who changed what in the account's members. `what`
 * is one change or several sentences of one (a removal and the tokens it revoked); a plain string
 * is the same in every language.
 */
export function membershipChangedMail(p: {
  accountName: string;
  what: string | MemberChange | MemberChange[];
  url: string;
}): MailTemplate {
  const sentences = Array.isArray(p.what) ? p.what : [p.what];
  return inEveryLocale((locale) => {
    const w = CHANGED[locale](p.accountName);
    const what = sentences.map((s) => (typeof s === "string" ? s : s(locale))).join(" ");
    return {
      subject: w.subject,
      ...renderMail({
        title: w.title,
        paragraphs: [w.greeting, what],
        action: { label: w.action, url: p.url },
        footer: w.footer,
        locale,
      }),
    };
  });
}
