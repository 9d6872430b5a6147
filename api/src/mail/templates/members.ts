import { INVITATION_DAYS } from "../../../contracts/members.ts";
import { type RenderedMail, renderMail } from "./layout.ts";

/** The team mails: an invitation, and the notice every membership change sends the owners. */

const ROLE_NAMES = {
  owner: "owner",
  billing: "billing",
  technical: "technical",
  read_only: "read-only",
} as const;
export const roleName = (role: keyof typeof ROLE_NAMES) => ROLE_NAMES[role];

export function invitationMail(p: {
  accountName: string;
  inviter: string;
  role: keyof typeof ROLE_NAMES;
  url: string;
}): RenderedMail & { subject: string } {
  return {
    subject: `You are invited to the Hosting Portal account ${p.accountName}`,
    ...renderMail({
      title: "You are invited",
      paragraphs: [
        "Hello,",
        `${p.inviter} invites you to the Hosting Portal account ${p.accountName} with the ${roleName(p.role)} role. Sign in, or sign up with this email address, to accept. The link works once, for ${INVITATION_DAYS} days.`,
      ],
      action: { label: "Accept the invitation", url: p.url },
      footer: "If you do not know the sender, ignore this mail: nothing happens without the link.",
    }),
  };
}

/** To every owner: who changed what in the account's members. */
export function membershipChangedMail(p: {
  accountName: string;
  what: string;
  url: string;
}): RenderedMail & { subject: string } {
  return {
    subject: `Members of ${p.accountName} changed`,
    ...renderMail({
      title: "The account's members changed",
      paragraphs: ["Hello,", p.what],
      action: { label: "See the members", url: p.url },
      footer: "You get this mail as an owner of the account.",
    }),
  };
}
