import type { Locale } from "../../../contracts/i18n/locales.ts";
import { RESET_LINK_MINUTES, VERIFICATION_LINK_HOURS } from "../../../contracts/recovery.ts";
import { inEveryLocale, type MailTemplate, renderMail } from "./layout.ts";

/** The account mails (security mails: they always go, whatever the notification settings). */

interface Words {
  subject: string;
  title: string;
  paragraphs: string[];
  action: string;
  footer: string;
}

function mail(locale: Locale, words: Words, url: string) {
  return {
    subject: words.subject,
    ...renderMail({
      title: words.title,
      paragraphs: words.paragraphs,
      action: { label: words.action, url },
      footer: words.footer,
      locale,
    }),
  };
}

const RESET: Record<Locale, (username: string) => Words> = {
  en: (username) => ({
    subject: "Reset your Hosting Portal password",
    title: "Reset your password",
    paragraphs: [
      `Hello ${username},`,
      `someone (hopefully you) asked to reset the password of your Hosting Portal account. The link below works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere.`,
    ],
    action: "Set a new password",
    footer:
      "If you did not ask for this, ignore this mail: your password stays as it is and nobody else can use this link without access to your mailbox.",
  }),
  de: (username) => ({
    subject: "Passwort für Ihr Hosting-Portal-Konto zurücksetzen",
    title: "Passwort zurücksetzen",
    paragraphs: [
      `Hallo ${username},`,
      `jemand (hoffentlich Sie) hat angefordert, das Passwort Ihres Hosting-Portal-Kontos zurückzusetzen. Der Link unten funktioniert einmal, ${RESET_LINK_MINUTES} Minuten lang. Mit einem neuen Passwort werden Sie überall abgemeldet.`,
    ],
    action: "Neues Passwort festlegen",
    footer:
      "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert, und ohne Zugriff auf Ihr Postfach kann niemand diesen Link verwenden.",
  }),
  fr: (username) => ({
    subject: "Réinitialisez votre mot de passe Hosting Portal",
    title: "Réinitialiser votre mot de passe",
    paragraphs: [
      `Bonjour ${username},`,
      `quelqu'un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Hosting Portal. Le lien ci-dessous fonctionne une seule fois, pendant ${RESET_LINK_MINUTES}\u00a0minutes. Définir un nouveau mot de passe vous déconnecte partout.`,
    ],
    action: "Définir un nouveau mot de passe",
    footer:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé et personne ne peut utiliser ce lien sans accès à votre boîte mail.",
  }),
  nl: (username) => ({
    subject: "Stel het wachtwoord van uw Hosting Portal-account opnieuw in",
    title: "Wachtwoord opnieuw instellen",
    paragraphs: [
      `Hallo ${username},`,
      `iemand (hopelijk u) heeft gevraagd het wachtwoord van uw Hosting Portal-account opnieuw in te stellen. De link hieronder werkt één keer, ${RESET_LINK_MINUTES} minuten lang. Met een nieuw wachtwoord wordt u overal uitgelogd.`,
    ],
    action: "Nieuw wachtwoord instellen",
    footer:
      "Hebt u hier niet om gevraagd? Negeer deze e-mail dan: uw wachtwoord blijft zoals het is en zonder toegang tot uw mailbox kan niemand deze link gebruiken.",
  }),
};

export function passwordResetMail(p: { username: string; url: string }): MailTemplate {
  return inEveryLocale((l) => mail(l, RESET[l](p.username), p.url));
}

const CHANGED_BY_LINK: Record<Locale, (username: string) => Words> = {
  en: (username) => ({
    subject: "Your Hosting Portal password was changed",
    title: "Your password was changed",
    paragraphs: [
      `Hello ${username},`,
      "the password of your Hosting Portal account was just reset with a link sent to this address, and every session was signed out.",
    ],
    action: "Log in",
    footer:
      "If this was not you, reset your password again at once and contact support: someone may have access to your mailbox.",
  }),
  de: (username) => ({
    subject: "Ihr Hosting-Portal-Passwort wurde geändert",
    title: "Ihr Passwort wurde geändert",
    paragraphs: [
      `Hallo ${username},`,
      "das Passwort Ihres Hosting-Portal-Kontos wurde soeben mit einem Link zurückgesetzt, der an diese Adresse gesendet wurde, und alle Sitzungen wurden abgemeldet.",
    ],
    action: "Anmelden",
    footer:
      "Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort erneut zurück und wenden Sie sich an den Support: Möglicherweise hat jemand Zugriff auf Ihr Postfach.",
  }),
  fr: (username) => ({
    subject: "Votre mot de passe Hosting Portal a été modifié",
    title: "Votre mot de passe a été modifié",
    paragraphs: [
      `Bonjour ${username},`,
      "le mot de passe de votre compte Hosting Portal vient d'être réinitialisé avec un lien envoyé à cette adresse, et toutes les sessions ont été déconnectées.",
    ],
    action: "Se connecter",
    footer:
      "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe et contactez l'assistance\u00a0: quelqu'un a peut-être accès à votre boîte mail.",
  }),
  nl: (username) => ({
    subject: "Het wachtwoord van uw Hosting Portal-account is gewijzigd",
    title: "Uw wachtwoord is gewijzigd",
    paragraphs: [
      `Hallo ${username},`,
      "het wachtwoord van uw Hosting Portal-account is zojuist opnieuw ingesteld via een link die naar dit adres is gestuurd, en alle sessies zijn uitgelogd.",
    ],
    action: "Inloggen",
    footer:
      "Was u dit niet? Stel uw wachtwoord dan meteen opnieuw in en neem contact op met support: iemand heeft mogelijk toegang tot uw mailbox.",
  }),
};

export function passwordChangedMail(p: { username: string; loginUrl: string }): MailTemplate {
  return inEveryLocale((l) => mail(l, CHANGED_BY_LINK[l](p.username), p.loginUrl));
}

const VERIFY: Record<Locale, (username: string) => Words> = {
  en: (username) => ({
    subject: "Verify your email address for Hosting Portal",
    title: "Verify your email address",
    paragraphs: [
      `Hello ${username},`,
      `please confirm that this is your email address, so that we can reach you about your account and services. The link works for ${VERIFICATION_LINK_HOURS} hours.`,
    ],
    action: "Verify email address",
    footer: "If you did not create a Hosting Portal account, ignore this mail.",
  }),
  de: (username) => ({
    subject: "Bestätigen Sie Ihre E-Mail-Adresse für das Hosting Portal",
    title: "E-Mail-Adresse bestätigen",
    paragraphs: [
      `Hallo ${username},`,
      `bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, damit wir Sie zu Ihrem Konto und Ihren Diensten erreichen können. Der Link ist ${VERIFICATION_LINK_HOURS} Stunden gültig.`,
    ],
    action: "E-Mail-Adresse bestätigen",
    footer: "Wenn Sie kein Hosting-Portal-Konto angelegt haben, ignorieren Sie diese E-Mail.",
  }),
  fr: (username) => ({
    subject: "Confirmez votre adresse e-mail pour Hosting Portal",
    title: "Confirmez votre adresse e-mail",
    paragraphs: [
      `Bonjour ${username},`,
      `veuillez confirmer qu'il s'agit bien de votre adresse e-mail, afin que nous puissions vous joindre au sujet de votre compte et de vos services. Le lien est valable ${VERIFICATION_LINK_HOURS}\u00a0heures.`,
    ],
    action: "Confirmer l'adresse e-mail",
    footer: "Si vous n'avez pas créé de compte Hosting Portal, ignorez cet e-mail.",
  }),
  nl: (username) => ({
    subject: "Bevestig uw e-mailadres voor Hosting Portal",
    title: "Bevestig uw e-mailadres",
    paragraphs: [
      `Hallo ${username},`,
      `bevestig dat dit uw e-mailadres is, zodat we u kunnen bereiken over uw account en diensten. De link werkt ${VERIFICATION_LINK_HOURS} uur.`,
    ],
    action: "E-mailadres bevestigen",
    footer: "Hebt u geen Hosting Portal-account aangemaakt? Negeer deze e-mail dan.",
  }),
};

export function emailVerificationMail(p: { username: string; url: string }): MailTemplate {
  return inEveryLocale((l) => mail(l, VERIFY[l](p.username), p.url));
}

const CHANGED_IN_SETTINGS: Record<Locale, (username: string) => Words> = {
  en: (username) => ({
    subject: "Your Hosting Portal password was changed",
    title: "Your password was changed",
    paragraphs: [
      `Hello ${username},`,
      "the password of your Hosting Portal account was just changed in Settings, and your other sessions were signed out.",
    ],
    action: "Reset password",
    footer:
      "If this was not you, reset your password at once with the button above and contact support: someone else knows your password.",
  }),
  de: (username) => ({
    subject: "Ihr Hosting-Portal-Passwort wurde geändert",
    title: "Ihr Passwort wurde geändert",
    paragraphs: [
      `Hallo ${username},`,
      "das Passwort Ihres Hosting-Portal-Kontos wurde soeben in den Einstellungen geändert, und Ihre anderen Sitzungen wurden abgemeldet.",
    ],
    action: "Passwort zurücksetzen",
    footer:
      "Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort mit der Schaltfläche oben zurück und wenden Sie sich an den Support: Jemand anderes kennt Ihr Passwort.",
  }),
  fr: (username) => ({
    subject: "Votre mot de passe Hosting Portal a été modifié",
    title: "Votre mot de passe a été modifié",
    paragraphs: [
      `Bonjour ${username},`,
      "le mot de passe de votre compte Hosting Portal vient d'être modifié dans les Paramètres, et vos autres sessions ont été déconnectées.",
    ],
    action: "Réinitialiser le mot de passe",
    footer:
      "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe avec le bouton ci-dessus et contactez l'assistance\u00a0: quelqu'un d'autre connaît votre mot de passe.",
  }),
  nl: (username) => ({
    subject: "Het wachtwoord van uw Hosting Portal-account is gewijzigd",
    title: "Uw wachtwoord is gewijzigd",
    paragraphs: [
      `Hallo ${username},`,
      "het wachtwoord van uw Hosting Portal-account is zojuist gewijzigd in Instellingen, en uw andere sessies zijn uitgelogd.",
    ],
    action: "Wachtwoord opnieuw instellen",
    footer:
      "Was u dit niet? Stel uw wachtwoord dan meteen opnieuw in met de knop hierboven en neem contact op met support: iemand anders kent uw wachtwoord.",
  }),
};

export function passwordChangedInSettingsMail(p: {
  username: string;
  forgotUrl: string;
}): MailTemplate {
  return inEveryLocale((l) => mail(l, CHANGED_IN_SETTINGS[l](p.username), p.forgotUrl));
}

const STOLEN_SESSION: Record<Locale, (username: string) => Words> = {
  en: (username) => ({
    subject: "We ended a session of your Hosting Portal account",
    title: "A session was ended for your safety",
    paragraphs: [
      `Hello ${username},`,
      "a sign-in token of your Hosting Portal account that had already been replaced was used again. That happens when a copy of it was taken from a browser, so we ended that session at once; you may have to sign in again on that device.",
      "If you did not expect this, change your password now: it signs you out everywhere.",
    ],
    action: "Reset password",
    footer: "Your other sessions keep working. Settings lists every session of your account.",
  }),
  de: (username) => ({
    subject: "Wir haben eine Sitzung Ihres Hosting-Portal-Kontos beendet",
    title: "Eine Sitzung wurde zu Ihrer Sicherheit beendet",
    paragraphs: [
      `Hallo ${username},`,
      "ein bereits ersetztes Anmelde-Token Ihres Hosting-Portal-Kontos wurde erneut verwendet. Das passiert, wenn eine Kopie davon aus einem Browser entwendet wurde; deshalb haben wir diese Sitzung sofort beendet. Eventuell müssen Sie sich auf diesem Gerät neu anmelden.",
      "Wenn Sie damit nicht gerechnet haben, ändern Sie jetzt Ihr Passwort: Damit werden Sie überall abgemeldet.",
    ],
    action: "Passwort zurücksetzen",
    footer:
      "Ihre anderen Sitzungen bleiben aktiv. In den Einstellungen sehen Sie alle Sitzungen Ihres Kontos.",
  }),
  fr: (username) => ({
    subject: "Nous avons fermé une session de votre compte Hosting Portal",
    title: "Une session a été fermée pour votre sécurité",
    paragraphs: [
      `Bonjour ${username},`,
      "un jeton de connexion de votre compte Hosting Portal, déjà remplacé, a été réutilisé. Cela arrive lorsqu'une copie en a été dérobée dans un navigateur\u00a0; nous avons donc fermé cette session immédiatement. Vous devrez peut-être vous reconnecter sur cet appareil.",
      "Si vous ne vous y attendiez pas, changez votre mot de passe maintenant\u00a0: cela vous déconnecte partout.",
    ],
    action: "Réinitialiser le mot de passe",
    footer:
      "Vos autres sessions restent actives. Les Paramètres listent toutes les sessions de votre compte.",
  }),
  nl: (username) => ({
    subject: "We hebben een sessie van uw Hosting Portal-account beëindigd",
    title: "Een sessie is voor uw veiligheid beëindigd",
    paragraphs: [
      `Hallo ${username},`,
      "een inlogtoken van uw Hosting Portal-account dat al was vervangen, is opnieuw gebruikt. Dat gebeurt wanneer een kopie ervan uit een browser is gehaald; daarom hebben we die sessie meteen beëindigd. Mogelijk moet u op dat apparaat opnieuw inloggen.",
      "Had u dit niet verwacht? Wijzig dan nu uw wachtwoord: daarmee wordt u overal uitgelogd.",
    ],
    action: "Wachtwoord opnieuw instellen",
    footer:
      "Uw andere sessies blijven werken. Onder Instellingen ziet u alle sessies van uw account.",
  }),
};

export function stolenSessionMail(p: { username: string; forgotUrl: string }): MailTemplate {
  return inEveryLocale((l) => mail(l, STOLEN_SESSION[l](p.username), p.forgotUrl));
}
