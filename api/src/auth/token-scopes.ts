import type { ApiTokenScope } from "../../contracts/api-tokens.ts";

/**
 * Which requests an API token of each scope may make (api-tokens.ts), by method and path: read by
 * requireAuth on every token request and by the OpenAPI document (`x-api-token-scopes`).
 *
 * Routes no token reaches: signing in and out, sessions, password and second factors, the tokens
 * themselves, the admin's, and the event stream (which follows a browser session).
 */
const NEVER_BY_TOKEN = [
  /^\/api\/auth(\/|$)/,
  /^\/api\/account\/api-tokens(\/|$)/,
  /^\/api\/admin(\/|$)/,
  /^\/api\/events(\/|$)/,
];

/** Changes each scope may make, beyond reading (GET) everything the account has. */
const WRITES: Record<ApiTokenScope, RegExp[]> = {
  read_only: [],
  technical: [/^\/api\/services(\/|$)/],
  billing: [
    /^\/api\/billing(\/|$)/,
    /^\/api\/shop(\/|$)/,
    /^\/api\/account\/billing-details(\/|$)/,
    /^\/api\/invoices(\/|$)/,
  ],
  full: [/^\/api\//],
};

/** Whether a token of `scope` may make this request (the route's own rules apply after). */
export function scopeAllows(scope: ApiTokenScope, method: string, path: string): boolean {
  if (NEVER_BY_TOKEN.some((r) => r.test(path))) return false;
  if (method === "GET" || method === "HEAD") return true;
  return WRITES[scope].some((r) => r.test(path));
}

/** Whether any token may call `path` (for the OpenAPI document's security alternatives). */
export const tokenMayReach = (path: string) => !NEVER_BY_TOKEN.some((r) => r.test(path));

export const TOKEN_SCOPES: readonly ApiTokenScope[] = ["read_only", "technical", "billing", "full"];
