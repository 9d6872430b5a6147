import { z } from "zod/mini";
import { Timestamp, Uuid } from "./common.ts";

/** SPEC §5 messages, shared by the forms and the API. */
export const messages = {
  invalidEmail: "Invalid email address",
  passwordMin: "Password must be at least 6 characters",
  usernameMin: "Username must be at least 3 characters",
  usernameMax: "Username must be at most 20 characters",
  passwordsDontMatch: "Passwords don't match",
  currentPasswordIncorrect: "Current password is incorrect",
  invalidCredentials: "Invalid login credentials",
  emailTaken: "A user with this email address has already been registered",
  usernameTaken: "This username is already taken",
  userSuspended: "This account has been suspended",
  /**
   * Not the SPEC's: a new password (sign-up, reset, change) found in a list of the most common
   * ones is refused by the API with this message.
   */
  passwordTooCommon: "This password is too common. Please choose another one.",
} as const;

/** The API's answers about the caller's credentials and access (no form shows them). */
export const accessMessages = {
  invalidToken: "Invalid or expired token",
  sessionExpired: "Session expired",
  mfaRequired: "Two-factor verification is required",
  adminRequired: "Admin access required",
  adminMfaRequired:
    "Administrators need two-factor verification: set up an authenticator app or a passkey in Settings",
  crossSite: "Cross-site request refused",
  tooManyRequests: "Too many requests. Please try again later.",
  userNotFound: "User not found",
} as const;

export const Email = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email(messages.invalidEmail),
);
export const Password = z.string().check(z.minLength(6, messages.passwordMin), z.maxLength(128));
export const Username = z
  .string()
  .check(z.trim(), z.minLength(3, messages.usernameMin), z.maxLength(20, messages.usernameMax));

export const SignUpBody = z.object({ username: Username, email: Email, password: Password });
export type SignUpBody = z.infer<typeof SignUpBody>;

/** The register form adds the confirmation, checked in the browser only. */
export const RegisterForm = z.extend(SignUpBody, { confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ["confirmPassword"],
  }),
);

export const SignInBody = z.object({
  email: Email,
  password: Password,
  /** 'Remember me for 5 days': the session may be refreshed for 5 days instead of 12 hours. */
  remember: z._default(z.boolean(), false),
});
export type SignInBody = z.input<typeof SignInBody>;

export const ChangePasswordBody = z.object({
  current_password: Password,
  new_password: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangePasswordForm = z
  .object({ currentPassword: Password, newPassword: Password, confirmPassword: z.string() })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: messages.passwordsDontMatch,
      path: ["confirmPassword"],
    }),
  );

export const User = z.object({
  id: Uuid,
  email: z.string(),
  username: z.string(),
  is_admin: z.boolean(),
  created_at: Timestamp,
});
export type User = z.infer<typeof User>;

/**
 * What sign-in, refresh and factor verify answer. The refresh token is not in it: it travels only
 * in the HttpOnly cookie, out of reach of page scripts.
 */
export const Session = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  /** Seconds the access token lives. */
  expires_in: z.number().check(z.int()),
  /** Unix time (seconds) at which the access token expires. */
  expires_at: z.number().check(z.int()),
  /** Unix time (seconds) after which the refresh token no longer works. */
  refresh_expires_at: z.number().check(z.int()),
  remember: z.boolean(),
  user: User,
  /** Authenticator assurance level of this session (aal2 after a verified factor). */
  aal: z.optional(z.enum(["aal1", "aal2"])),
  /** True while the user has a verified factor and this session has not verified one yet. */
  mfa_required: z.optional(z.boolean()),
  /**
   * True for an administrator who must set up a second factor before the admin pages open (in
   * production, admin routes answer 403 admin_mfa_required below aal2).
   */
  admin_mfa_setup_required: z.optional(z.boolean()),
});
export type Session = z.infer<typeof Session>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;
