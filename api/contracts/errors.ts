import "./csp.ts";
import { z } from "zod/mini";

/** The one error body of every failed API call: HTTP status + `{ error: { code, message } }`. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable error codes. Clients branch on these, never on message text. */
export const ErrorCode = {
  validation: "validation_error",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  notFound: "not_found",
  conflict: "conflict",
  rateLimited: "rate_limited",
  invalidCredentials: "invalid_credentials",
  emailTaken: "email_taken",
  usernameTaken: "username_taken",
  userSuspended: "user_suspended",
  sessionExpired: "session_expired",
  wrongPassword: "wrong_password",
  insufficientCredits: "insufficient_credits",
  orderSuspended: "order_suspended",
  mfaRequired: "mfa_required",
  /** An administrator without a second factor, in production: admin routes wait for one. */
  adminMfaRequired: "admin_mfa_required",
  mfaVerificationFailed: "mfa_verification_failed",
  mfaChallengeExpired: "mfa_challenge_expired",
  mfaNotAvailable: "mfa_not_available",
  providerFailed: "provider_failed",
  serviceSuspended: "service_suspended",
  serviceNotControllable: "service_not_controllable",
  paymentFailed: "payment_failed",
  /** PayPal declined the funding source: the buyer may choose another one and approve again. */
  instrumentDeclined: "instrument_declined",
  /** The PayPal payment did not complete (not approved, pending, declined). */
  paymentNotCompleted: "payment_not_completed",
  /** PayPal let the order expire before it was captured: nothing was taken. */
  paymentExpired: "payment_expired",
  /** The database (or the API itself, while stopping) is unavailable for a moment: retry later. */
  unavailable: "service_unavailable",
  internal: "internal_error",
  /** A request body over the API's limit (413). */
  payloadTooLarge: "payload_too_large",
  /** A password reset link that is unknown, expired or already used. */
  resetLinkInvalid: "reset_link_invalid",
  /** An email verification link that is unknown, expired or for another address. */
  verificationLinkInvalid: "verification_link_invalid",
  /** A sensitive change (removing a second factor) needs the password, a code or a passkey again. */
  reauthRequired: "reauthentication_required",
  /** An API token asked for something its scope does not allow (or a route no token may use). */
  tokenScope: "token_scope",
  /** The caller's role in the account does not allow the request (or they left the account). */
  accountRole: "account_role",
  /**
   * The account the request acts on is suspended (an admin suspended the person who founded it):
   * its members may read it, write to support and leave it, nothing else.
   */
  accountSuspended: "account_suspended",
  /** An invitation link that is unknown, expired, revoked or already used. */
  invitationInvalid: "invitation_invalid",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
