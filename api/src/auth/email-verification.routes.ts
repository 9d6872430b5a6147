import { Hono } from "hono";
import { EmailVerificationStatus, VerifyEmailBody } from "../../contracts/recovery.ts";
import { clientIp } from "../platform/client-ip.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import {
  confirmVerification,
  resendVerification,
  verificationStatus,
} from "./email-verification.ts";
import { requireAuth } from "./middleware.ts";

/** Email verification, mounted under /api/auth. */
export function emailVerificationRoutes(deps: Deps) {
  const tags = ["auth"];
  const auth = requireAuth(deps);
  const { config } = deps;
  return new Hono<AppEnv>()
    .get(
      "/email-verification",
      describe({
        operationId: "getEmailVerification",
        summary: "Whether the signed-in user's email address is verified",
        tags,
        response: EmailVerificationStatus,
      }),
      auth,
      async (c) => c.json(await verificationStatus(deps.sql, c.get("auth").userId), 200),
    )
    .post(
      "/email-verification",
      describe({
        operationId: "resendEmailVerification",
        summary: "Resend the verification link (nothing is sent when already verified)",
        tags,
        response: EmailVerificationStatus,
        status: 202,
        errors: [429],
      }),
      auth,
      async (c) =>
        c.json(await resendVerification(deps, c.get("auth").userId, clientIp(c, config)), 202),
    )
    .post(
      "/email-verification/confirm",
      describe({
        operationId: "confirmEmailVerification",
        summary:
          "Open a verification link (400 verification_link_invalid when unknown, expired or for another address)",
        tags,
        response: EmailVerificationStatus,
        access: "public",
        errors: [400, 429],
      }),
      validate("json", VerifyEmailBody),
      async (c) =>
        c.json(
          await confirmVerification(deps, c.req.valid("json").token, clientIp(c, config)),
          200,
        ),
    );
}
