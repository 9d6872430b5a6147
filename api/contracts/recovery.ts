import { z } from "zod/mini";
import { Email, messages, Password } from "./auth.ts";

/**
 * Password recovery and email verification. The SPEC has no texts for these flows;
 * these are ours, shared by the API and the shell's pages. Password rules and messages are the
 * SPEC's (contracts/auth.ts).
 */
export const recoveryMessages = {
  forgotPasswordLink: "Forgot password?",
  /** The same answer whether or not an account has this address (no account enumeration). */
  resetLinkSent:
    "If an account exists for this email address, we have sent a link to reset the password. The link works once, for 30 minutes.",
  resetLinkInvalid:
    "This password reset link is invalid, expired or already used. Please request a new one.",
  passwordReset: "Your password has been reset. You can now log in with the new password.",
  verificationSent: "We have sent you a new verification link.",
  emailVerified: "Your email address is verified.",
  verificationLinkInvalid:
    "This verification link is invalid or expired. Sign in and use 'Resend' to get a new one.",
  verifyBanner: "Please verify your email address: open the link we mailed you.",
} as const;

/** Minutes a password reset link works. */
export const RESET_LINK_MINUTES = 30;
/** Hours an email verification link works. */
export const VERIFICATION_LINK_HOURS = 48;

/** Tokens are 32 random bytes in base64url (43 characters); anything else is refused as invalid. */
const LinkToken = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ForgotPasswordResponse = z.object({ message: z.string() });

export const ResetPasswordBody = z.object({ token: LinkToken, password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The reset page's form: the new password twice (SPEC §5 rules and messages). */
export const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: messages.passwordsDontMatch,
      path: ["confirmPassword"],
    }),
  );

export const VerifyEmailBody = z.object({ token: LinkToken });

export const EmailVerificationStatus = z.object({
  email: z.string(),
  verified: z.boolean(),
});
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatus>;
