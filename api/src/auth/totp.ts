import * as OTPAuth from "otpauth";
import encodeQR from "qr";
import { type EnrolledFactor, factorMessages } from "../../contracts/factors.ts";
import type { Db } from "../platform/db.ts";
import { type FactorRow, VerifyFailure } from "./factor-row.ts";

// TOTP factors (authenticator apps).

/** RFC 6238 as every authenticator app implements it: SHA-1, 6 digits, 30 s, one step of skew. */
const TOTP_PERIOD = 30;
const TOTP_WINDOW = 1;
const DEFAULT_ISSUER = "Hosting Portal";

function totpFor(secret: string, label: string, issuer: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new TOTP seed (base32), 160 bits as RFC 4226 recommends. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** What the enrolling page shows: the seed, its otpauth:// URI and that URI as a QR code. */
export async function totpEnrolment(
  secret: string,
  label: string,
  issuer = DEFAULT_ISSUER,
): Promise<NonNullable<EnrolledFactor["totp"]>> {
  const uri = totpFor(secret, label, issuer).toString();
  // An SVG (vector: sharp at any size the page shows it) with a one-module quiet zone, the
  // standard's medium error correction; the image is the QR of exactly the otpauth URI.
  const svg = encodeQR(uri, "svg", { ecc: "medium", border: 1 });
  return { secret, uri, qr_code: `data:image/svg+xml;base64,${btoa(svg)}` };
}

export async function verifyTotp(
  tx: Db,
  factor: FactorRow,
  secret: string,
  code: string,
): Promise<void> {
  const now = Date.now();
  const delta = totpFor(secret, "", DEFAULT_ISSUER).validate({
    token: code,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  if (delta === null) throw new VerifyFailure(factorMessages.invalidCode);
  const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  // A code is accepted once: its time step must be newer than the last one this factor accepted.
  const [updated] = await tx`
    update mfa_factors set last_used_step = ${step}
    where id = ${factor.id} and (last_used_step is null or last_used_step < ${step})
    returning id`;
  if (!updated) throw new VerifyFailure(factorMessages.codeUsed);
}
