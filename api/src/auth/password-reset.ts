import { ErrorCode } from "../../contracts/errors.ts";
import { RESET_LINK_MINUTES, recoveryMessages } from "../../contracts/recovery.ts";
import { enqueueMail, sealLinkToken } from "../mail/outbox.ts";
import { passwordChangedMail, passwordResetMail } from "../mail/templates/account.ts";
import type { Deps } from "../platform/context.ts";
import { HttpError } from "../platform/http-error.ts";
import { log } from "../platform/log.ts";
import { authLimits } from "./auth-limits.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { newLinkToken, portalLink } from "./links.ts";
import { hashPassword } from "./passwords.ts";
import { hit } from "./rate-limit.ts";
import { securityEvent } from "./security-log.ts";
import { sessionCache } from "./session-cache.ts";
import { hashToken } from "./tokens.ts";

/** Background tasks still running (tests wait for them before closing the pool). */
const pending = new Set<Promise<void>>();
export const settlePasswordResetRequests = () => Promise.allSettled([...pending]);

/**
 * 'Forgot password?'. Rate limited per IP and per address (the address as typed, whether
 * or not an account has it), then answered at once with the same message in every case: the
 * account lookup, the token and the mail happen after the answer, so neither the answer nor its
 * timing tells whether the address has an account.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<void> {
  await hit(deps.sql, authLimits(deps, "password-reset", ip, email));
  const task = sendResetLink(deps, email)
    .catch((err) =>
      log("error", "password reset request failed", { error: (err as Error).message }),
    )
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** One token and one mail (in one transaction) for an active account with this address; else nothing. */
async function sendResetLink(deps: Deps, email: string): Promise<void> {
  const token = newLinkToken();
  const tokenHash = await hashToken(token);
  await deps.sql.begin(async (tx) => {
    const [user] = await tx<{ id: string; email: string; username: string }[]>`
      select id, email, username from profiles where lower(email) = ${email} and status = 'active'`;
    if (!user) return;
    const [row] = await tx<{ id: string }[]>`
      insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${user.id}, ${tokenHash}, now() + make_interval(mins => ${RESET_LINK_MINUTES}))
      returning id`;
    const mail = {
      kind: "password_reset",
      to: user.email,
      userId: user.id,
      dedupeKey: `password_reset:${row!.id}`,
      ...passwordResetMail({
        username: user.username,
        url: portalLink(deps.config, "/auth/reset-password", { token }),
      }),
    };
    await enqueueMail(tx, await sealLinkToken(deps.secretBox, mail, token));
  });
}

/**
 * Sets a new password with a reset link: the link is spent (with every other open link of the
 * account), the password replaced and every session of the user ended, in one transaction. An
 * unknown, expired or used link changes nothing (400 reset_link_invalid).
 */
export async function resetPassword(
  deps: Deps,
  body: { token: string; password: string },
  ip: string,
): Promise<void> {
  await hit(deps.sql, authLimits(deps, "password-reset-confirm", ip));
  // Before the link is looked at: a refused password leaves the link usable for a better one.
  refuseCommonPassword(body.password);
  const tokenHash = await hashToken(body.token);
  // Hashed before the token is looked at: argon2 dominates, so a bad link answers in the same time.
  const passwordHash = await hashPassword(body.password);
  const userId = await deps.sql.begin(async (tx) => {
    const [spent] = await tx<{ id: string; user_id: string }[]>`
      update password_reset_tokens set used_at = now()
      where token_hash = ${tokenHash} and used_at is null and expires_at > now()
      returning id, user_id`;
    if (!spent) return null;
    const [user] = await tx<{ id: string; email: string; username: string }[]>`
      update profiles set email_verified_at = coalesce(email_verified_at, now())
      where id = ${spent.user_id}
      returning id, email, username`;
    await tx`update credentials set password_hash = ${passwordHash}, updated_at = now()
      where user_id = ${spent.user_id}`;
    await tx`update password_reset_tokens set used_at = now()
      where user_id = ${spent.user_id} and used_at is null`;
    await tx`update sessions set revoked_at = now()
      where user_id = ${spent.user_id} and revoked_at is null`;
    await enqueueMail(tx, {
      kind: "password_changed",
      to: user!.email,
      userId: user!.id,
      dedupeKey: `password_changed:${spent.id}`,
      ...passwordChangedMail({
        username: user!.username,
        loginUrl: portalLink(deps.config, "/auth/login"),
      }),
    });
    return spent.user_id;
  });
  if (!userId)
    throw new HttpError(400, ErrorCode.resetLinkInvalid, recoveryMessages.resetLinkInvalid);
  sessionCache.invalidateUser(userId);
  securityEvent("password_reset", { user_id: userId });
}
