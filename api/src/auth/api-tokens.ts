import {
  type ApiTokenInfo,
  type ApiTokenScope,
  apiTokenMessages,
  type CreateApiTokenBody,
  type CreatedApiToken,
  MAX_API_TOKENS,
} from "../../contracts/api-tokens.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import type { AccountRole } from "../../contracts/members.ts";
import { recordAudit } from "../audit/audit.ts";
import type { Db, Sql } from "../platform/db.ts";
import { HttpError, notFound } from "../platform/http-error.ts";
import { newLinkToken } from "./links.ts";
import type { Actor } from "./middleware.ts";
import { hit } from "./rate-limit.ts";
import { hashToken } from "./tokens.ts";

/** Every API token starts with this, so a request's bearer says which kind it is. */
export const API_TOKEN_PREFIX = "hp_";

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** A token's own use of the API, as requireAuth hands it on. */
export interface TokenCaller {
  tokenId: string;
  userId: string;
  /** The account the token belongs to and acts on. */
  accountId: string;
  scope: ApiTokenScope;
  /**
   * The maker's role in that account now. A token never does more than its maker may: an owner
   * demoted to read-only keeps their full token, but it writes only what read-only members may
   * (and regains the rest if they are made owner again).
   */
  makerRole: AccountRole;
  /** Whether the account is suspended (its founder is): see suspendedAccountAllows. */
  accountSuspended: boolean;
}

type Row = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  token_prefix: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
};

const toInfo = (r: Row): ApiTokenInfo => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  prefix: r.token_prefix,
  created_at: r.created_at.toISOString(),
  expires_at: r.expires_at?.toISOString() ?? null,
  last_used_at: r.last_used_at?.toISOString() ?? null,
  last_used_ip: r.last_used_ip,
});

/**
 * Makes a token of the account for its owner `userId`: stored as its SHA-256, the token itself
 * returned this once. The token belongs to the account (any owner lists and revokes it) until its
 * maker stops being a member (revokeTokensOfMember).
 */
export async function createApiToken(
  sql: Sql,
  { userId, accountId }: Actor,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  const token = `${API_TOKEN_PREFIX}${newLinkToken()}`;
  const hash = await hashToken(token);
  return await sql.begin(async (tx) => {
    // Serialises the count with concurrent creates in the same account.
    await tx`select 1 from accounts where id = ${accountId} for update`;
    const [{ live }] = await tx<{ live: number }[]>`
      select count(*)::int as live from api_tokens
      where account_id = ${accountId} and revoked_at is null and (expires_at is null or expires_at > now())`;
    if (live >= MAX_API_TOKENS)
      throw new HttpError(409, ErrorCode.conflict, apiTokenMessages.tooMany);
    const [row] = await tx<Row[]>`
      insert into api_tokens (user_id, account_id, name, scope, token_hash, token_prefix, expires_at)
      values (${userId}, ${accountId}, ${body.name}, ${body.scope}, ${hash}, ${token.slice(0, 8)},
        ${body.expires_in_days ? tx`now() + make_interval(days => ${body.expires_in_days})` : null})
      returning id, name, scope, token_prefix, created_at, expires_at, last_used_at, last_used_ip`;
    await recordAudit(tx, {
      actorId: userId,
      action: "api_token.create",
      entity: "api_token",
      entityId: row.id,
      after: { name: row.name, scope: row.scope, expires_at: row.expires_at },
    });
    return { ...toInfo(row), token };
  });
}

/** The account's tokens that still work, newest first. */
export async function listApiTokens(sql: Db, accountId: string): Promise<ApiTokenInfo[]> {
  const rows = await sql<Row[]>`
    select id, name, scope, token_prefix, created_at, expires_at, last_used_at, last_used_ip
    from api_tokens
    where account_id = ${accountId} and revoked_at is null
      and (expires_at is null or expires_at > now())
    order by created_at desc`;
  return rows.map(toInfo);
}

/** Revokes one of the account's tokens; the next request with it is refused on every instance. */
export async function revokeApiToken(
  sql: Sql,
  { userId, accountId }: Actor,
  id: string,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ name: string; scope: string }[]>`
      update api_tokens set revoked_at = now()
      where id = ${id} and account_id = ${accountId} and revoked_at is null
      returning name, scope`;
    if (!row) throw notFound(apiTokenMessages.tokenNotFound);
    await recordAudit(tx, {
      actorId: userId,
      action: "api_token.revoke",
      entity: "api_token",
      entityId: id,
      before: row,
    });
  });
}

/**
 * Revokes the working tokens `userId` made in the account, in the caller's transaction: when they
 * stop being a member (removed or leaving), what they may have copied stops with them. Each
 * revocation is audited as the membership change's (`actorId`). Returns the tokens' names.
 */
export async function revokeTokensOfMember(
  tx: Db,
  accountId: string,
  userId: string,
  actorId: string,
): Promise<string[]> {
  const rows = await tx<{ id: string; name: string; scope: string }[]>`
    update api_tokens set revoked_at = now()
    where account_id = ${accountId} and user_id = ${userId} and revoked_at is null
      and (expires_at is null or expires_at > now())
    returning id, name, scope`;
  for (const row of rows)
    await recordAudit(tx, {
      actorId,
      action: "api_token.revoke",
      entity: "api_token",
      entityId: row.id,
      before: { name: row.name, scope: row.scope },
      after: { reason: "member_left_account", user_id: userId },
    });
  return rows.map((r) => r.name).sort();
}

/**
 * The caller a bearer API token stands for, or undefined when it is unknown, revoked, expired or
 * its user suspended. Read from the database on every request (an index lookup), so a revoke
 * holds at once everywhere. The last use is written at most once a minute per token.
 */
export async function tokenCaller(
  sql: Db,
  token: string,
  clientIp: string,
  perMinute: number,
): Promise<TokenCaller | undefined> {
  const hash = await hashToken(token);
  const [row] = await sql<
    {
      id: string;
      user_id: string;
      account_id: string;
      scope: ApiTokenScope;
      role: AccountRole;
      stale: boolean;
      ip: string | null;
      account_suspended: boolean;
    }[]
  >`
    select t.id, t.user_id, t.account_id, t.scope, m.role, t.last_used_ip as ip,
      t.last_used_at is null or t.last_used_at < now() - interval '1 minute' as stale,
      f.status <> 'active' as account_suspended
    from api_tokens t join profiles p on p.id = t.user_id
      join account_members m on m.account_id = t.account_id and m.user_id = t.user_id
      join profiles f on f.id = t.account_id
    where t.token_hash = ${hash} and t.revoked_at is null and p.status = 'active'
      and (t.expires_at is null or t.expires_at > now())`;
  if (!row) return undefined;
  await hit(sql, [{ key: `api-token:${row.id}`, max: perMinute, windowSeconds: 60 }]);
  if (row.stale || row.ip !== clientIp)
    await sql`update api_tokens set last_used_at = now(), last_used_ip = ${clientIp}
      where id = ${row.id}`;
  return {
    tokenId: row.id,
    userId: row.user_id,
    accountId: row.account_id,
    scope: row.scope,
    makerRole: row.role,
    accountSuspended: row.account_suspended,
  };
}
