import { RESET_LINK_MINUTES, VERIFICATION_LINK_HOURS } from "../../../contracts/recovery.ts";
import { type RenderedMail, renderMail } from "./layout.ts";

/** The account mails (security mails: they always go, whatever the notification settings). */

export function passwordResetMail(p: { username: string; url: string }): RenderedMail & {
  subject: string;
} {
  return {
    subject: "Reset your Hosting Portal password",
    ...renderMail({
      title: "Reset your password",
      paragraphs: [
        `Hello ${p.username},`,
        `someone (hopefully you) asked to reset the password of your Hosting Portal account. The link below works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere.`,
      ],
      action: { label: "Set a new password", url: p.url },
      footer:
        "If you did not ask for this, ignore this mail: your password stays as it is and nobody else can use this link without access to your mailbox.",
    }),
  };
}

export function passwordChangedMail(p: { username: string; loginUrl: string }): RenderedMail & {
  subject: string;
} {
  return {
    subject: "Your Hosting Portal password was changed",
    ...renderMail({
      title: "Your password was changed",
      paragraphs: [
        `Hello ${p.username},`,
        "the password of your Hosting Portal account was just reset with a link sent to this address, and every session was signed out.",
      ],
      action: { label: "Log in", url: p.loginUrl },
      footer:
        "If this was not you, reset your password again at once and contact support: someone may have access to your mailbox.",
    }),
  };
}

export function emailVerificationMail(p: { username: string; url: string }): RenderedMail & {
  subject: string;
} {
  return {
    subject: "Verify your email address for Hosting Portal",
    ...renderMail({
      title: "Verify your email address",
      paragraphs: [
        `Hello ${p.username},`,
        `please confirm that this is your email address, so that we can reach you about your account and services. The link works for ${VERIFICATION_LINK_HOURS} hours.`,
      ],
      action: { label: "Verify email address", url: p.url },
      footer: "If you did not create a Hosting Portal account, ignore this mail.",
    }),
  };
}

export function passwordChangedInSettingsMail(p: {
  username: string;
  forgotUrl: string;
}): RenderedMail & { subject: string } {
  return {
    subject: "Your Hosting Portal password was changed",
    ...renderMail({
      title: "Your password was changed",
      paragraphs: [
        `Hello ${p.username},`,
        "the password of your Hosting Portal account was just changed in Settings, and your other sessions were signed out.",
      ],
      action: { label: "Reset password", url: p.forgotUrl },
      footer:
        "If this was not you, reset your password at once with the button above and contact support: someone else knows your password.",
    }),
  };
}

export function stolenSessionMail(p: { username: string; forgotUrl: string }): RenderedMail & {
  subject: string;
} {
  return {
    subject: "We ended a session of your Hosting Portal account",
    ...renderMail({
      title: "A session was ended for your safety",
      paragraphs: [
        `Hello ${p.username},`,
        "a sign-in token of your Hosting Portal account that had already been replaced was used again. That happens when a copy of it was taken from a browser, so we ended that session at once; you may have to sign in again on that device.",
        "If you did not expect this, change your password now: it signs you out everywhere.",
      ],
      action: { label: "Reset password", url: p.forgotUrl },
      footer: "Your other sessions keep working. Settings lists every session of your account.",
    }),
  };
}
