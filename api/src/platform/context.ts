import type { Config } from "./config.ts";
import type { Sql } from "./db.ts";
import type { EventHub, PayPal, SecretBox, ServerProvider, TokenSigner } from "./ports.ts";

/**
 * What route factories receive: built once at start (or per test) and passed down. It only
 * composes: the ports are defined in ports.ts and implemented in their domains, so no domain
 * module is imported here and the domains can import this file without an import cycle.
 */
export interface Deps {
  sql: Sql;
  config: Config;
  signer: TokenSigner;
  /** Seals the secrets the API reads back (TOTP seeds) at rest. */
  secretBox: SecretBox;
  events: EventHub;
  /** PayPal Orders v2: the real API with credentials, else the simulator in api/sim/paypal.ts. */
  paypal: PayPal;
  /** The server provider (SPEC §7): HosterAPI, or api/sim/provider.ts when unconfigured. */
  provider: ServerProvider;
}

/** The caller, once the bearer token and its session have been checked. */
export interface Auth {
  userId: string;
  /** The browser session; for an API token, the token's id (no session route admits a token). */
  sessionId: string;
  aal: "aal1" | "aal2";
  /**
   * The account the request acts on (its balance, services, orders...): the session's chosen
   * account or the token's. Null when the person belongs to no account, or the session's account
   * dropped them (requireAuth then refuses every route that acts on an account).
   */
  accountId: string | null;
  /** The person's role in that account; null for a token (its scope applies) or no account. */
  role: "owner" | "billing" | "technical" | "read_only" | null;
  /** Set when the caller is an API token rather than a signed-in browser. */
  token?: { id: string; scope: "read_only" | "technical" | "billing" | "full" };
}

export interface AppEnv {
  /** `clientIp`: the caller's address as client-ip.ts decides it, set for every request. */
  Variables: { auth: Auth; requestId: string; clientIp: string };
}
