import { z } from "zod/mini";
import { Timestamp, Uuid } from "./common.ts";

/**
 * What a token may do on the routes the pages use. `read_only`: read everything the account has;
 * `technical`: that, and control its services; `billing`: that, and top-ups, purchases, renewals,
 * billing details; `full`: all three. No token ever reaches sign-in, sessions, password, second
 * factors, tokens themselves or the admin routes.
 */
export const ApiTokenScope = z.enum(["read_only", "technical", "billing", "full"]);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

export const apiTokenMessages = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 60 characters",
  expiryRange: "Expiry must be between 1 and 365 days",
  tokenNotFound: "API token not found",
  scopeRefused: "This API token's scope does not allow this request",
  tooMany: "You can have at most 20 API tokens",
} as const;

export const MAX_API_TOKENS = 20;

export const CreateApiTokenBody = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, apiTokenMessages.nameRequired),
      z.maxLength(60, apiTokenMessages.nameTooLong),
    ),
  scope: ApiTokenScope,
  /** Days until it stops working; absent: until revoked. */
  expires_in_days: z.optional(
    z
      .number()
      .check(
        z.int(apiTokenMessages.expiryRange),
        z.gte(1, apiTokenMessages.expiryRange),
        z.lte(365, apiTokenMessages.expiryRange),
      ),
  ),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBody>;

export const ApiTokenInfo = z.object({
  id: Uuid,
  name: z.string(),
  scope: ApiTokenScope,
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  created_at: Timestamp,
  expires_at: z.nullable(Timestamp),
  last_used_at: z.nullable(Timestamp),
  /** The client address of its last use. */
  last_used_ip: z.nullable(z.string()),
});
export type ApiTokenInfo = z.infer<typeof ApiTokenInfo>;

/** The answer to creating a token: the token itself, shown this once and never again. */
export const CreatedApiToken = z.object({ ...ApiTokenInfo.shape, token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokenList = z.object({ tokens: z.array(ApiTokenInfo) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

export const ApiTokenParams = z.object({ id: z.uuid(apiTokenMessages.tokenNotFound) });
