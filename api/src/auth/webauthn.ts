import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { type Challenge, factorMessages, type VerifyFactorBody } from "../../contracts/factors.ts";
import type { Deps } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { invariant } from "../platform/invariant.ts";
import { type FactorRow, VerifyFailure } from "./factor-row.ts";

// WebAuthn factors (passkeys and security keys), through @simplewebauthn/server.

function relyingParty(deps: Pick<Deps, "config">) {
  const origin = deps.config.WEBAUTHN_ORIGIN ?? new URL(deps.config.PUBLIC_URL).origin;
  return {
    origin,
    rpID: deps.config.WEBAUTHN_RP_ID ?? new URL(origin).hostname,
    rpName: deps.config.WEBAUTHN_RP_NAME,
  };
}

/**
 * The ceremony options of a challenge: registration (`create`) while the factor is unverified,
 * authentication (`request`) once it has a credential.
 */
export async function webauthnOptions(
  deps: Deps,
  userId: string,
  factor: FactorRow,
): Promise<NonNullable<Challenge["webauthn"]>> {
  const rp = relyingParty(deps);
  if (factor.status === "unverified") {
    const [user] = await deps.sql<[{ email: string; username: string }?]>`
      select email, username from profiles where id = ${userId}`;
    invariant(user, "the signed-in user's profile");
    const others = await deps.sql<{ id: string; transports: string[] }[]>`
      select c.id, c.transports from webauthn_credentials c
      join mfa_factors f on f.id = c.factor_id where f.user_id = ${userId}`;
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpID,
      userName: user.email,
      userDisplayName: user.username,
      userID: new TextEncoder().encode(userId),
      attestationType: "none",
      excludeCredentials: others.map((c) => ({ id: c.id, transports: c.transports })),
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    });
    return {
      type: "create",
      credential_options: options as unknown as Record<string, unknown>,
    };
  }
  const creds = await deps.sql<{ id: string; transports: string[] }[]>`
    select id, transports from webauthn_credentials where factor_id = ${factor.id}`;
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: creds.map((c) => ({ id: c.id, transports: c.transports as never })),
    userVerification: "preferred",
  });
  return {
    type: "request",
    credential_options: options as unknown as Record<string, unknown>,
  };
}

export async function verifyWebauthn(
  deps: Deps,
  tx: Db,
  factor: FactorRow,
  expectedChallenge: string,
  webauthn: NonNullable<VerifyFactorBody["webauthn"]>,
): Promise<void> {
  const rp = relyingParty(deps);
  if (webauthn.type === "create") {
    let result;
    try {
      result = await verifyRegistrationResponse({
        response: webauthn.credential_response as unknown as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
      });
    } catch {
      throw new VerifyFailure(factorMessages.passkeyFailed);
    }
    if (!result.verified) throw new VerifyFailure(factorMessages.passkeyFailed);
    const { credential } = result.registrationInfo;
    await tx`
      insert into webauthn_credentials (id, factor_id, public_key, counter, transports)
      values (${credential.id}, ${factor.id}, ${credential.publicKey}, ${credential.counter},
        ${tx.json((credential.transports ?? []) as string[])})`;
    return;
  }
  const response = webauthn.credential_response as unknown as AuthenticationResponseJSON;
  const [stored] = await tx<
    [{ id: string; public_key: Uint8Array; counter: string; transports: string[] }?]
  >`
    select id, public_key, counter, transports from webauthn_credentials
    where factor_id = ${factor.id} and id = ${String(response.id ?? "")}
    for update`;
  if (!stored) throw new VerifyFailure(factorMessages.passkeyFailed);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: stored.transports as never,
      },
      requireUserVerification: false,
    });
  } catch {
    throw new VerifyFailure(factorMessages.passkeyFailed);
  }
  if (!result.verified) throw new VerifyFailure(factorMessages.passkeyFailed);
  await tx`update webauthn_credentials set counter = ${result.authenticationInfo.newCounter}, last_used_at = now()
    where id = ${stored.id}`;
}
