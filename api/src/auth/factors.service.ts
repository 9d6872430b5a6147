import { ErrorCode } from "../../contracts/errors.ts";
import {
  type Challenge,
  type DeleteFactorBody,
  type EnrolledFactor,
  type Factor,
  factorMessages,
  type VerifyFactorBody,
} from "../../contracts/factors.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Auth, Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { invariant } from "../platform/invariant.ts";
import { elevateSession, issue } from "./auth.service.ts";
import type { IssuedSession } from "./cookies.ts";
import { type FactorRow, VerifyFailure } from "./factor-row.ts";
import { verifyPassword } from "./passwords.ts";
import { hit } from "./rate-limit.ts";
import { securityEvent } from "./security-log.ts";
import { sessionCache } from "./session-cache.ts";
import { endOtherSessions } from "./sessions.service.ts";
import { newTotpSecret, totpEnrolment, verifyTotp } from "./totp.ts";
import { verifyWebauthn, webauthnOptions } from "./webauthn.ts";

/**
 * Multi-factor sign-in: enrolling, challenging and verifying a user's factors. What is particular
 * to each kind lives beside this file: totp.ts (authenticator apps) and webauthn.ts (passkeys).
 */

/** Failed verifications allowed per user per rate-limit window (10^6 codes: 5 guesses are nothing). */
export const MAX_VERIFY_FAILURES = 5;

const toFactor = (r: FactorRow): Factor => ({
  id: r.id,
  factor_type: r.factor_type,
  friendly_name: r.friendly_name,
  status: r.status,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const mfaRequired = () => new HttpError(403, ErrorCode.mfaRequired, factorMessages.mfaRequired);
const factorNotFound = () => notFound(factorMessages.factorNotFound);

export async function listFactors(sql: Db, userId: string): Promise<Factor[]> {
  const rows = await sql<FactorRow[]>`
    select * from mfa_factors where user_id = ${userId} order by created_at, id`;
  return rows.map(toFactor);
}

async function hasVerifiedFactor(sql: Db, userId: string): Promise<boolean> {
  const [row] = await sql<[{ yes: boolean }?]>`
    select exists (select 1 from mfa_factors where user_id = ${userId} and status = 'verified') as yes`;
  invariant(row, "a select without from returns one row");
  return row.yes;
}

/**
 * Enrols a factor, unverified until its first successful verify. A user who already has a
 * verified factor needs aal2 to add another (an attacker holding only the password must not be
 * able to add their own authenticator).
 */
export async function enrollFactor(
  deps: Deps,
  auth: Auth,
  body: { factor_type: Factor["factor_type"]; friendly_name: string; issuer?: string },
): Promise<EnrolledFactor> {
  if (body.factor_type === "phone") {
    // No SMS provider is configured; see README "Multi-factor sign-in" for how one would be added.
    throw new HttpError(422, ErrorCode.mfaNotAvailable, factorMessages.phoneNotAvailable);
  }
  await hit(deps.sql, [
    {
      key: `mfa_enroll:user:${auth.userId}`,
      max: deps.config.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
  ]);
  const secret = body.factor_type === "totp" ? newTotpSecret() : null;
  const sealed = secret ? await deps.secretBox.seal(secret, auth.userId) : null;
  try {
    return await deps.sql.begin(async (tx) => {
      if (auth.aal !== "aal2" && (await hasVerifiedFactor(tx, auth.userId))) throw mfaRequired();
      // An abandoned enrolment under the same name is replaced rather than blocking the name.
      await tx`delete from mfa_factors
        where user_id = ${auth.userId} and status = 'unverified' and lower(friendly_name) = lower(${body.friendly_name})`;
      const [row] = await tx<[(FactorRow & { email: string })?]>`
        insert into mfa_factors (user_id, factor_type, friendly_name, totp_secret)
        values (${auth.userId}, ${body.factor_type}, ${body.friendly_name}, ${sealed})
        returning *, (select email from profiles where id = ${auth.userId}) as email`;
      invariant(row, "factor inserted");
      await recordAudit(tx, {
        actorId: auth.userId,
        action: "mfa.factor.enroll",
        entity: "mfa_factor",
        entityId: row.id,
        after: { factor_type: row.factor_type, friendly_name: row.friendly_name },
      });
      const enrolled: EnrolledFactor = {
        id: row.id,
        factor_type: row.factor_type,
        friendly_name: row.friendly_name,
        status: row.status,
      };
      if (secret) enrolled.totp = await totpEnrolment(secret, row.email, body.issuer);
      return enrolled;
    });
  } catch (e) {
    if ((e as { constraint_name?: string }).constraint_name === "mfa_factors_user_name_key") {
      throw new HttpError(409, ErrorCode.conflict, factorMessages.nameTaken);
    }
    throw e;
  }
}

/** Another user's factor is answered exactly like a missing one: 404. */
async function ownFactor(
  sql: Db,
  userId: string,
  factorId: string,
  lock = false,
): Promise<FactorRow> {
  const [row] = lock
    ? await sql<[FactorRow?]>`
        select * from mfa_factors where id = ${factorId} and user_id = ${userId} for update`
    : await sql<[FactorRow?]>`
        select * from mfa_factors where id = ${factorId} and user_id = ${userId}`;
  if (!row) throw factorNotFound();
  return row;
}

/** How long an enrolment may stay unverified: an abandoned one is not left to be completed later. */
export const UNVERIFIED_FACTOR_MINUTES = 15;

/**
 * The factor a challenge or verify is for. An unverified one is an enrolment in progress: the
 * rule of enrolFactor applies to completing it (aal2 when the user has a verified factor, so a
 * password alone cannot finish someone's abandoned passkey enrolment with its own authenticator
 * and raise itself to aal2), and past UNVERIFIED_FACTOR_MINUTES it is gone (404).
 */
async function factorToProve(sql: Db, auth: Auth, factorId: string, lock = false) {
  const factor = await ownFactor(sql, auth.userId, factorId, lock);
  if (factor.status === "verified") return factor;
  if (factor.created_at.getTime() < Date.now() - UNVERIFIED_FACTOR_MINUTES * 60_000)
    throw factorNotFound();
  if (auth.aal !== "aal2" && (await hasVerifiedFactor(sql, auth.userId))) throw mfaRequired();
  return factor;
}

/**
 * Fresh proof that the account's owner is at the keyboard, inside the delete transaction: the
 * password, a current code of any of their authenticator apps, or an answered passkey challenge
 * of this session. Throws VerifyFailure when the proof is wrong.
 */
async function proveOwner(deps: Deps, tx: Db, auth: Auth, body: DeleteFactorBody): Promise<void> {
  if (body.password !== undefined) {
    const [row] = await tx<{ password_hash: string }[]>`
      select password_hash from credentials where user_id = ${auth.userId}`;
    if (!row || !(await verifyPassword(row.password_hash, body.password)))
      throw new VerifyFailure(factorMessages.wrongPassword);
    return;
  }
  if (body.code !== undefined) {
    const apps = await tx<FactorRow[]>`
      select * from mfa_factors
      where user_id = ${auth.userId} and factor_type = 'totp' and status = 'verified'
      order by created_at, id for update`;
    let failure = new VerifyFailure(factorMessages.invalidCode);
    for (const app of apps) {
      if (!app.totp_secret) continue;
      try {
        const seed = await deps.secretBox.open(app.totp_secret, app.user_id);
        return await verifyTotp(tx, app, seed, body.code);
      } catch (e) {
        if (!(e instanceof VerifyFailure)) throw e;
        failure = e;
      }
    }
    throw failure;
  }
  invariant(body.challenge_id && body.webauthn, "the body schema asks for one proof");
  const [challenge] = await tx<(FactorRow & { webauthn_challenge: string })[]>`
    select f.*, c.webauthn_challenge from mfa_challenges c join mfa_factors f on f.id = c.factor_id
    where c.id = ${body.challenge_id} and c.session_id = ${auth.sessionId}
      and c.verified_at is null and c.expires_at > now() and c.webauthn_kind = 'request'
      and f.user_id = ${auth.userId} and f.status = 'verified' and f.factor_type = 'webauthn'
    for update of c`;
  if (!challenge) {
    throw new HttpError(422, ErrorCode.mfaChallengeExpired, factorMessages.challengeExpired);
  }
  await verifyWebauthn(deps, tx, challenge, challenge.webauthn_challenge, body.webauthn);
  await tx`update mfa_challenges set verified_at = now() where id = ${body.challenge_id}`;
}

/**
 * Deleting a verified factor needs aal2 and fresh proof (proveOwner): an access token alone,
 * stolen, must not strip the account of its second factors. An unverified one (an abandoned
 * enrolment) goes without. Deleting the last verified factor returns the user to password-only
 * sign-in. With `end_other_sessions`, every other session ends in the same transaction.
 */
export async function deleteFactor(
  deps: Deps,
  auth: Auth,
  factorId: string,
  body: DeleteFactorBody = {},
): Promise<void> {
  const hasProof =
    body.password !== undefined || body.code !== undefined || body.webauthn !== undefined;
  if (hasProof) await countAttempt(deps, auth.userId);
  try {
    await deps.sql.begin(async (tx) => {
      const row = await ownFactor(tx, auth.userId, factorId, true);
      if (row.status === "verified") {
        if (auth.aal !== "aal2") throw mfaRequired();
        if (!hasProof)
          throw new HttpError(403, ErrorCode.reauthRequired, factorMessages.proofRequired);
        await proveOwner(deps, tx, auth, body);
      }
      await tx`delete from mfa_factors where id = ${row.id}`;
      sessionCache.invalidateUser(auth.userId);
      await recordAudit(tx, {
        actorId: auth.userId,
        action: "mfa.factor.delete",
        entity: "mfa_factor",
        entityId: row.id,
        before: {
          factor_type: row.factor_type,
          friendly_name: row.friendly_name,
          status: row.status,
        },
      });
      if (body.end_other_sessions) await endOtherSessions(tx, auth);
    });
  } catch (e) {
    if (e instanceof VerifyFailure) {
      const wrongPassword = e.message === factorMessages.wrongPassword;
      throw wrongPassword
        ? new HttpError(400, ErrorCode.wrongPassword, e.message)
        : new HttpError(422, ErrorCode.mfaVerificationFailed, e.message);
    }
    throw e;
  }
  if (hasProof) await giveAttemptBack(deps, auth.userId);
}

/** A challenge for this session, valid 5 minutes; for a passkey it carries the ceremony options. */
export async function challengeFactor(
  deps: Deps,
  auth: Auth,
  factorId: string,
): Promise<Challenge> {
  await hit(deps.sql, [
    {
      key: `mfa_challenge:user:${auth.userId}`,
      max: deps.config.AUTH_RATE_LIMIT_PER_IP,
      windowSeconds: deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
  ]);
  const factor = await factorToProve(deps.sql, auth, factorId);
  let webauthn: Challenge["webauthn"];
  if (factor.factor_type === "webauthn") {
    webauthn = await webauthnOptions(deps, auth.userId, factor);
  }
  const challenge = webauthn?.credential_options.challenge as string | undefined;
  const [row] = await deps.sql<[{ id: string; expires_at: Date }?]>`
    insert into mfa_challenges (factor_id, session_id, webauthn_challenge, webauthn_kind)
    values (${factor.id}, ${auth.sessionId}, ${challenge ?? null}, ${webauthn?.type ?? null})
    returning id, expires_at`;
  invariant(row, "challenge inserted");
  return {
    id: row.id,
    factor_type: factor.factor_type,
    expires_at: Math.floor(row.expires_at.getTime() / 1000),
    ...(webauthn ? { webauthn } : {}),
  };
}

const failureKey = (userId: string) => `mfa_verify_fail:user:${userId}`;

/**
 * Every attempt counts before it is checked (so concurrent guesses cannot slip past the limit);
 * a success gives its attempt back, so only failures add up.
 */
async function countAttempt(deps: Deps, userId: string): Promise<void> {
  await hit(deps.sql, [
    {
      key: failureKey(userId),
      max: MAX_VERIFY_FAILURES,
      windowSeconds: deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
  ]);
}

/** A success gives its attempt back (countAttempt). */
async function giveAttemptBack(deps: Deps, userId: string): Promise<void> {
  await deps.sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${failureKey(userId)}`;
}

/**
 * Verifies a challenge with a TOTP code or a WebAuthn response. Success marks the factor verified,
 * uses the challenge up, raises this session to aal2 and returns its new session pair, all in one
 * transaction; the challenge and factor rows are locked, so the same code or challenge can win
 * only once however many requests race.
 */
export async function verifyFactor(
  deps: Deps,
  auth: Auth,
  factorId: string,
  body: VerifyFactorBody,
): Promise<IssuedSession> {
  await countAttempt(deps, auth.userId);
  let refreshToken: string;
  try {
    refreshToken = await deps.sql.begin(async (tx) => {
      const factor = await factorToProve(tx, auth, factorId, true);
      const [challenge] = await tx<
        [{ webauthn_challenge: string | null; webauthn_kind: string | null }?]
      >`
        select webauthn_challenge, webauthn_kind from mfa_challenges
        where id = ${body.challenge_id} and factor_id = ${factor.id} and session_id = ${auth.sessionId}
          and verified_at is null and expires_at > now()
        for update`;
      if (!challenge) {
        throw new HttpError(422, ErrorCode.mfaChallengeExpired, factorMessages.challengeExpired);
      }
      let method: "totp" | "webauthn";
      if (factor.factor_type === "totp") {
        if (body.code === undefined) {
          throw new HttpError(422, ErrorCode.validation, factorMessages.wrongFactorType);
        }
        invariant(factor.totp_secret, "a TOTP factor has its sealed seed");
        await verifyTotp(
          tx,
          factor,
          await deps.secretBox.open(factor.totp_secret, factor.user_id),
          body.code,
        );
        method = "totp";
      } else if (factor.factor_type === "webauthn") {
        if (!body.webauthn || body.webauthn.type !== challenge.webauthn_kind) {
          throw new HttpError(422, ErrorCode.validation, factorMessages.wrongFactorType);
        }
        // A challenge with a WebAuthn kind was issued with its ceremony challenge.
        invariant(challenge.webauthn_challenge, "a WebAuthn challenge has its challenge text");
        await verifyWebauthn(deps, tx, factor, challenge.webauthn_challenge, body.webauthn);
        method = "webauthn";
      } else {
        throw new HttpError(422, ErrorCode.mfaNotAvailable, factorMessages.phoneNotAvailable);
      }
      await tx`update mfa_challenges set verified_at = now() where id = ${body.challenge_id}`;
      if (factor.status === "unverified") {
        await tx`update mfa_factors set status = 'verified', updated_at = now() where id = ${factor.id}`;
        sessionCache.invalidateUser(factor.user_id);
        await recordAudit(tx, {
          actorId: auth.userId,
          action: "mfa.factor.verify",
          entity: "mfa_factor",
          entityId: factor.id,
          after: {
            factor_type: factor.factor_type,
            friendly_name: factor.friendly_name,
            status: "verified",
          },
        });
      }
      return await elevateSession(tx, auth.sessionId, method);
    });
  } catch (e) {
    if (e instanceof VerifyFailure) {
      securityEvent("mfa_failed", { user_id: auth.userId, session_id: auth.sessionId });
      throw new HttpError(422, ErrorCode.mfaVerificationFailed, e.message);
    }
    throw e;
  }
  await giveAttemptBack(deps, auth.userId);
  return await issue(deps, auth.sessionId, refreshToken);
}
