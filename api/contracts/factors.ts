import { z } from "zod/mini";
import { Timestamp, Uuid } from "./common.ts";

/** Second-factor (TOTP, passkey) messages: settings section, sign-in second step and API. */
export const factorMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 64 characters",
  nameTaken: "A factor with this name already exists",
  codeFormat: "Enter the 6-digit code",
  invalidCode: "Invalid code. Check your authenticator app and try again.",
  codeUsed: "This code has already been used. Wait for the next one.",
  challengeExpired: "This challenge has expired or was already used. Please start again.",
  passkeyFailed: "The passkey could not be verified",
  phoneNotAvailable:
    "Phone (SMS) factors are not available: no SMS provider is configured. Use an authenticator app or a passkey.",
  mfaRequired: "Two-factor verification is required",
  factorNotFound: "Factor not found",
  oneOfCodeOrWebauthn: "Provide either a code or a WebAuthn response",
  wrongFactorType: "This verification does not match the factor type",
  proofRequired: "Confirm with your password or a code from your authenticator app",
  oneProof: "Confirm with one of your password, a code or a passkey",
  passkeyProofIncomplete: "A passkey confirmation needs its challenge_id and webauthn response",
  wrongPassword: "Incorrect password",
  passwordRequired: "Enter your password",
} as const;

export const FactorType = z.enum(["totp", "webauthn", "phone"]);
export type FactorType = z.infer<typeof FactorType>;
export const FactorStatus = z.enum(["unverified", "verified"]);
export type FactorStatus = z.infer<typeof FactorStatus>;

export const FriendlyName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, factorMessages.nameRequired),
    z.maxLength(64, factorMessages.nameTooLong),
  );

/** POST /api/auth/factors (SPEC §7: friendly_name, factor_type, phone or issuer). */
export const EnrollFactorBody = z.object({
  factor_type: FactorType,
  friendly_name: FriendlyName,
  issuer: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(32))),
});
export type EnrollFactorBody = z.input<typeof EnrollFactorBody>;

export const Factor = z.object({
  id: Uuid,
  factor_type: FactorType,
  friendly_name: z.string(),
  status: FactorStatus,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Factor = z.infer<typeof Factor>;

export const FactorList = z.object({ factors: z.array(Factor) });
export type FactorList = z.infer<typeof FactorList>;

export const EnrolledFactor = z.object({
  id: Uuid,
  factor_type: FactorType,
  friendly_name: z.string(),
  status: FactorStatus,
  /** TOTP only: what an authenticator app needs (shown once, at enrolment). */
  totp: z.optional(
    z.object({
      /** PNG data URL of the otpauth URI. */
      qr_code: z.string(),
      secret: z.string(),
      uri: z.string(),
    }),
  ),
});
export type EnrolledFactor = z.infer<typeof EnrolledFactor>;

export const FactorParams = z.object({ factorId: z.uuid(factorMessages.factorNotFound) });

export const Challenge = z.object({
  id: Uuid,
  factor_type: FactorType,
  expires_at: z.number().check(z.int(), z.describe("Unix time (seconds)")),
  /**
   * WebAuthn only: `create` (registration, first use of the factor) or `request`
   * (authentication) options for navigator.credentials, in their JSON form.
   */
  webauthn: z.optional(
    z.object({
      type: z.enum(["create", "request"]),
      credential_options: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type Challenge = z.infer<typeof Challenge>;

/** Digits of an authenticator code; the code fields take no more. */
export const TOTP_DIGITS = 6;

export const TotpCode = z
  .string()
  .check(z.trim(), z.regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), factorMessages.codeFormat));

/** POST /api/auth/factors/{factorId}/verify: challenge_id plus a code or a WebAuthn response. */
export const VerifyFactorBody = z
  .object({
    challenge_id: z.uuid(factorMessages.challengeExpired),
    code: z.optional(TotpCode),
    webauthn: z.optional(
      z.object({
        type: z.enum(["create", "request"]),
        credential_response: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .check(
    z.refine((v) => (v.code === undefined) !== (v.webauthn === undefined), {
      message: factorMessages.oneOfCodeOrWebauthn,
    }),
  );
export type VerifyFactorBody = z.infer<typeof VerifyFactorBody>;

/** The code form of the sign-in second step and of TOTP enrolment. */
export const CodeForm = z.object({ code: TotpCode });
export const EnrollTotpForm = z.object({ friendly_name: FriendlyName });

/**
 * DELETE /api/auth/factors/{factorId}: removing a verified factor needs fresh proof besides the
 * session, one of the account password, a current TOTP code, or a passkey assertion (a `request`
 * challenge of a passkey factor, answered); a stolen access token alone cannot strip the account's
 * second factors. `end_other_sessions` signs out every other session at the same time.
 */
export const DeleteFactorBody = z
  .object({
    password: z.optional(z.string().check(z.maxLength(128))),
    code: z.optional(TotpCode),
    challenge_id: z.optional(z.uuid(factorMessages.challengeExpired)),
    webauthn: z.optional(
      z.object({
        type: z.literal("request"),
        credential_response: z.record(z.string(), z.unknown()),
      }),
    ),
    end_other_sessions: z._default(z.boolean(), false),
  })
  .check(
    z.refine((v) => (v.challenge_id === undefined) === (v.webauthn === undefined), {
      message: factorMessages.passkeyProofIncomplete,
    }),
    z.refine(
      (v) => [v.password, v.code, v.webauthn].filter((proof) => proof !== undefined).length <= 1,
      { message: factorMessages.oneProof },
    ),
  );
export type DeleteFactorBody = z.input<typeof DeleteFactorBody>;

/** The remove dialog's password confirmation (the code one is CodeForm). */
export const PasswordProofForm = z.object({
  password: z.string().check(z.minLength(1, factorMessages.passwordRequired)),
});
