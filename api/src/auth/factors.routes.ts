import { Hono } from "hono";
import { Session } from "../../contracts/auth.ts";
import {
  Challenge,
  DeleteFactorBody,
  EnrolledFactor,
  EnrollFactorBody,
  FactorList,
  FactorParams,
  VerifyFactorBody,
} from "../../contracts/factors.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { withRefreshCookie } from "./cookies.ts";
import {
  challengeFactor,
  deleteFactor,
  enrollFactor,
  listFactors,
  verifyFactor,
} from "./factors.service.ts";
import { requireAuth } from "./middleware.ts";

/**
 * Multi-factor authentication: TOTP and passkeys. Listing, challenge and verify work on
 * an aal1 session (they are how it reaches aal2); enrol and delete need aal2 once a factor is verified.
 */
export function factorRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const authAal1 = requireAuth(deps, { allowAal1: true });
  const tags = ["auth", "mfa"];
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "listFactors",
        summary: "The caller's factors (verified and unverified)",
        tags,
        access: "aal1",
        response: FactorList,
      }),
      authAal1,
      async (c) => c.json({ factors: await listFactors(deps.sql, c.get("auth").userId) }, 200),
    )
    .post(
      "/",
      describe({
        operationId: "enrollFactor",
        summary:
          "Enrol a factor: totp (returns secret, otpauth URI and QR code) or webauthn; phone is not available",
        tags,
        response: EnrolledFactor,
        status: 201,
        errors: [409, 429],
      }),
      auth,
      validate("json", EnrollFactorBody),
      async (c) => c.json(await enrollFactor(deps, c.get("auth"), c.req.valid("json")), 201),
    )
    .delete(
      "/:factorId",
      describe({
        operationId: "deleteFactor",
        summary:
          "Remove a factor; a verified one needs aal2 and fresh proof in the body (password, a TOTP code or a passkey challenge answered), else 403 reauthentication_required; `end_other_sessions` signs out everywhere else",
        tags,
        errors: [400, 404, 422, 429],
      }),
      auth,
      validate("param", FactorParams),
      validate("json", DeleteFactorBody),
      async (c) => {
        await deleteFactor(deps, c.get("auth"), c.req.valid("param").factorId, c.req.valid("json"));
        return c.body(null, 204);
      },
    )
    .post(
      "/:factorId/challenge",
      describe({
        operationId: "challengeFactor",
        summary: "Start a challenge (5 minutes); passkeys get the WebAuthn options",
        tags,
        access: "aal1",
        response: Challenge,
        errors: [404, 429],
      }),
      authAal1,
      validate("param", FactorParams),
      async (c) =>
        c.json(await challengeFactor(deps, c.get("auth"), c.req.valid("param").factorId), 200),
    )
    .post(
      "/:factorId/verify",
      describe({
        operationId: "verifyFactor",
        summary:
          "Verify a challenge with a TOTP code or a WebAuthn response; the session becomes aal2 (new refresh cookie)",
        tags,
        access: "aal1",
        response: Session,
        errors: [404, 429],
      }),
      authAal1,
      validate("param", FactorParams),
      validate("json", VerifyFactorBody),
      async (c) => {
        const issued = await verifyFactor(
          deps,
          c.get("auth"),
          c.req.valid("param").factorId,
          c.req.valid("json"),
        );
        // The upgraded pair's refresh token replaces the aal1 one in the HttpOnly cookie.
        return c.json(withRefreshCookie(c, deps.config, issued), 200);
      },
    );
}
