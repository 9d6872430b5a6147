import { accessMessages } from "../../contracts/auth.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import {
  type EmailVerificationStatus,
  recoveryMessages,
  VERIFICATION_LINK_HOURS,
} from "../../contracts/recovery.ts";
import { enqueueMail, sealLinkToken } from "../mail/outbox.ts";
import { emailVerificationMail } from "../mail/templates/account.ts";
import type { Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { authLimits } from "./auth-limits.ts";
import { newLinkToken, portalLink } from "./links.ts";
import { hit } from "./rate-limit.ts";
import { hashToken } from "./tokens.ts";

/**
 * A verification link for the account's current address, queued in the caller's
 * transaction (sign-up's, so an account never exists without its mail). The SPEC knows no
 * verification: nothing of the SPEC waits for it, only the frame's banner shows until it is done.
 */
export async function queueEmailVerification(
  tx: Db,
  deps: Pick<Deps, "config" | "secretBox">,
  user: { id: string; email: string; username: string },
): Promise<void> {
  const token = newLinkToken();
  const [row] = await tx<{ id: string }[]>`
    insert into email_verification_tokens (user_id, email, token_hash, expires_at)
    values (${user.id}, ${user.email}, ${await hashToken(token)},
      now() + make_interval(hours => ${VERIFICATION_LINK_HOURS}))
    returning id`;
  const mail = {
    kind: "email_verification",
    to: user.email,
    userId: user.id,
    dedupeKey: `email_verification:${row!.id}`,
    ...emailVerificationMail({
      username: user.username,
      url: portalLink(deps.config, "/auth/verify-email", { token }),
    }),
  };
  await enqueueMail(tx, await sealLinkToken(deps.secretBox, mail, token));
}

export async function verificationStatus(
  sql: Db,
  userId: string,
): Promise<EmailVerificationStatus> {
  const [row] = await sql<{ email: string; verified: boolean }[]>`
    select email, email_verified_at is not null as verified from profiles where id = ${userId}`;
  if (!row) throw notFound(accessMessages.userNotFound);
  return row;
}

/** 'Resend': a new link (earlier ones keep working until they expire). Rate limited per account and IP. */
export async function resendVerification(
  deps: Deps,
  userId: string,
  ip: string,
): Promise<EmailVerificationStatus> {
  await hit(deps.sql, authLimits(deps, "verify-resend", ip, userId));
  return await deps.sql.begin(async (tx) => {
    const [user] = await tx<
      { id: string; email: string; username: string; verified: boolean }[]
    >`select id, email, username, email_verified_at is not null as verified
      from profiles where id = ${userId} for update`;
    if (!user) throw notFound(accessMessages.userNotFound);
    if (!user.verified) await queueEmailVerification(tx, deps, user);
    return { email: user.email, verified: user.verified };
  });
}

/**
 * Opens a verification link: valid while unexpired and while the account still has the address it
 * was sent to. Opening a used link again answers verified (a second click is not an error) if the
 * account is verified with that address.
 */
export async function confirmVerification(
  deps: Deps,
  token: string,
  ip: string,
): Promise<EmailVerificationStatus> {
  await hit(deps.sql, authLimits(deps, "verify-confirm", ip));
  const tokenHash = await hashToken(token);
  const result = await deps.sql.begin(async (tx) => {
    const [row] = await tx<
      {
        id: string;
        user_id: string;
        used: boolean;
        live: boolean;
        same_email: boolean;
        verified: boolean;
        email: string;
      }[]
    >`
      select t.id, t.user_id, t.used_at is not null as used, t.expires_at > now() as live,
        lower(t.email) = lower(p.email) as same_email, p.email_verified_at is not null as verified,
        p.email
      from email_verification_tokens t join profiles p on p.id = t.user_id
      where t.token_hash = ${tokenHash}
      for update of t, p`;
    if (!row?.same_email) return null;
    if (row.used) return row.verified ? { email: row.email, verified: true } : null;
    if (!row.live) return null;
    await tx`update email_verification_tokens set used_at = now() where id = ${row.id}`;
    await tx`update profiles set email_verified_at = coalesce(email_verified_at, now())
      where id = ${row.user_id}`;
    return { email: row.email, verified: true };
  });
  if (!result)
    throw new HttpError(
      400,
      ErrorCode.verificationLinkInvalid,
      recoveryMessages.verificationLinkInvalid,
    );
  return result;
}
