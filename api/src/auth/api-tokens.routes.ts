import { Hono } from "hono";
import {
  ApiTokenList,
  ApiTokenParams,
  CreateApiTokenBody,
  CreatedApiToken,
} from "../../contracts/api-tokens.ts";
import type { AppEnv, Deps } from "../platform/context.ts";
import { describe, validate } from "../platform/openapi.ts";
import { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens.ts";
import { accountOf, actorOf, requireAuth } from "./middleware.ts";

/**
 * Settings → API tokens: the signed-in customer makes, lists and revokes the tokens their scripts
 * use. A token itself never reaches these routes (requireAuth refuses it here).
 */
export function apiTokenRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const tags = ["account"];
  return new Hono<AppEnv>()
    .get(
      "/",
      describe({
        operationId: "listApiTokens",
        summary:
          "The caller's API tokens that still work, newest first: name, scope, first characters, expiry, last use and its address",
        tags,
        response: ApiTokenList,
      }),
      auth,
      async (c) => c.json({ tokens: await listApiTokens(deps.sql, accountOf(c)) }, 200),
    )
    .post(
      "/",
      describe({
        operationId: "createApiToken",
        summary:
          "Make an API token (name, scope, optional expiry in days): the answer holds the token itself, shown this once; it is stored only as a hash",
        tags,
        response: CreatedApiToken,
        status: 201,
        errors: [409],
      }),
      auth,
      validate("json", CreateApiTokenBody),
      async (c) => c.json(await createApiToken(deps.sql, actorOf(c), c.req.valid("json")), 201),
    )
    .delete(
      "/:id",
      describe({
        operationId: "revokeApiToken",
        summary: "Revoke one of the caller's API tokens: refused at once by every API instance",
        tags,
        errors: [404],
      }),
      auth,
      validate("param", ApiTokenParams),
      async (c) => {
        await revokeApiToken(deps.sql, actorOf(c), c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
