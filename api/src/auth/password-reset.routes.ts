import { Hono } from "hono";
import {
  ForgotPasswordBody,
  ForgotPasswordResponse,
  ResetPasswordBody,
  recoveryMessages,
} from "../../contracts/recovery.ts";
import { clientIp } from "../platform/client-ip.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.ts";

/** Password recovery, mounted under /api/auth. */
export function passwordResetRoutes(deps: Deps) {
  const tags = ["auth"];
  const { config } = deps;
  return new Hono<AppEnv>()
    .post(
      "/password-reset",
      describe({
        operationId: "requestPasswordReset",
        summary:
          "Mail a single-use password reset link (30 minutes); the same answer whether or not the address has an account",
        tags,
        response: ForgotPasswordResponse,
        status: 202,
        access: "public",
        errors: [429],
      }),
      validate("json", ForgotPasswordBody),
      async (c) => {
        const { email } = c.req.valid("json");
        await requestPasswordReset(deps, email, clientIp(c, config));
        return c.json({ message: recoveryMessages.resetLinkSent }, 202);
      },
    )
    .post(
      "/password-reset/confirm",
      describe({
        operationId: "resetPassword",
        summary:
          "Set a new password with a reset link's token; every session of the account ends (400 reset_link_invalid for an unknown, expired or used link)",
        tags,
        access: "public",
        errors: [400, 429],
      }),
      validate("json", ResetPasswordBody),
      async (c) => {
        await resetPassword(deps, c.req.valid("json"), clientIp(c, config));
        return c.body(null, 204);
      },
    );
}
