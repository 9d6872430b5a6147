import type { ApiTokenScope } from "../../contracts/api-tokens.ts";
import type { AccountRole } from "../../contracts/members.ts";

/**
 * What a member of each role and an API token of each scope may do, by method and path: one
 * table for both. Read by requireAuth on every request and by the OpenAPI document
 * (`x-api-token-scopes`). A role is a scope (ROLE_SCOPE) plus what only a person can do: the
 * owner manages the members and the tokens.
 *
 * Routes no token reaches: signing in and out, sessions, password and second factors, the tokens
 * themselves, the members and invitations, switching accounts, the admin's, and the event stream
 * (which follows a browser session).
 */
const NEVER_BY_TOKEN = [
  /^\/api\/auth(\/|$)/,
  /^\/api\/account\/api-tokens(\/|$)/,
  /^\/api\/account\/members(\/|$)/,
  /^\/api\/account\/accounts(\/|$)/,
  /^\/api\/invitations(\/|$)/,
  /^\/api\/admin(\/|$)/,
  /^\/api\/events(\/|$)/,
];

/**
 * The routes that act on the caller's account (its balance, services, orders, invoices, tickets,
 * tokens, members): each needs a role there. The rest is the person's own (sign-in, factors,
 * sessions, mail choices, the profile, the accounts they belong to, accepting an invitation) or
 * the admin's.
 */
const ACCOUNT_PATHS = [
  /^\/api\/billing(\/|$)/,
  /^\/api\/shop(\/|$)/,
  /^\/api\/invoices(\/|$)/,
  /^\/api\/services(\/|$)/,
  /^\/api\/support(\/|$)/,
  /^\/api\/events(\/|$)/,
  /^\/api\/account\/billing-details(\/|$)/,
  /^\/api\/account\/api-tokens(\/|$)/,
  /^\/api\/account\/members(\/|$)/,
];

const SUPPORT = /^\/api\/support(\/|$)/;

/** Only an owner: the tokens, and every change of the members but leaving. */
const OWNER_ONLY = [/^\/api\/account\/api-tokens(\/|$)/, /^\/api\/account\/members(\/|$)/];
/** Any member: reading the member list, and leaving. */
const ANY_MEMBER: [string, RegExp][] = [
  ["GET", /^\/api\/account\/members\/?$/],
  ["POST", /^\/api\/account\/members\/leave$/],
];

/** Changes each scope may make, beyond reading (GET) everything the account has. */
const WRITES: Record<ApiTokenScope, RegExp[]> = {
  read_only: [],
  technical: [/^\/api\/services(\/|$)/, /^\/api\/support(\/|$)/],
  billing: [
    /^\/api\/billing(\/|$)/,
    /^\/api\/shop(\/|$)/,
    /^\/api\/account\/billing-details(\/|$)/,
    /^\/api\/invoices(\/|$)/,
    /^\/api\/support(\/|$)/,
  ],
  full: [/^\/api\//],
};

/**
 * Writes under /api/services that move the account's money: a plan change charges the prorated
 * difference (or credits it), a cancellation now credits the unused days and undoing it charges
 * them again. They are the billing scope's (and full's), not the technical one's, although they
 * sit beside the server controls.
 */
const MONEY_UNDER_SERVICES = [/^\/api\/services\/[^/]+\/(plan-change|cancellation)\/?$/];

/** Whether `scope` may make this write (the table above, with the money writes moved out). */
function writes(scope: ApiTokenScope, path: string): boolean {
  if (MONEY_UNDER_SERVICES.some((r) => r.test(path)))
    return scope === "billing" || scope === "full";
  return WRITES[scope].some((r) => r.test(path));
}

/** The token scope each role's account rights equal (the owner has more: OWNER_ONLY). */
export const ROLE_SCOPE: Record<AccountRole, ApiTokenScope> = {
  owner: "full",
  billing: "billing",
  technical: "technical",
  read_only: "read_only",
};

const reads = (method: string) => method === "GET" || method === "HEAD";

/** Whether a token of `scope` may make this request (the route's own rules apply after). */
export function scopeAllows(scope: ApiTokenScope, method: string, path: string): boolean {
  if (NEVER_BY_TOKEN.some((r) => r.test(path))) return false;
  if (reads(method)) return true;
  return writes(scope, path);
}

/** Whether the request acts on the caller's account (and so needs a role there). */
export const actsOnAccount = (path: string) => ACCOUNT_PATHS.some((r) => r.test(path));

/** Whether a signed-in member of `role` may make this request (the route's own rules apply after). */
export function roleAllows(role: AccountRole, method: string, path: string): boolean {
  if (!actsOnAccount(path)) return true;
  if (ANY_MEMBER.some(([m, r]) => m === method && r.test(path))) return true;
  if (OWNER_ONLY.some((r) => r.test(path))) return role === "owner";
  if (reads(method)) return true;
  return writes(ROLE_SCOPE[role], path);
}

/**
 * What a member may still do in a suspended account (an admin suspended the person who founded
 * it, whose profile row holds the account's money): read it, write to support about it, and leave
 * it. Buying, paying, server control and member changes wait until the founder is active again.
 */
export function suspendedAccountAllows(method: string, path: string): boolean {
  if (!actsOnAccount(path) || reads(method) || SUPPORT.test(path)) return true;
  return ANY_MEMBER.some(([m, r]) => m === method && r.test(path));
}

/** Whether any token may call `path` (for the OpenAPI document's security alternatives). */
export const tokenMayReach = (path: string) => !NEVER_BY_TOKEN.some((r) => r.test(path));

export const TOKEN_SCOPES: readonly ApiTokenScope[] = ["read_only", "technical", "billing", "full"];
