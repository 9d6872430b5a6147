import type { SecretBox } from "./auth/secret-box.ts";
import type { TokenSigner } from "./auth/tokens.ts";
import type { PayPalClient } from "./billing/paypal-client.ts";
import type { Config } from "./config.ts";
import type { Sql } from "./db.ts";
import type { EventHub } from "./events/hub.ts";
import type { ProviderClient } from "./services/provider-client.ts";

/** What route factories receive: built once at start (or per test) and passed down. */
export interface Deps {
  sql: Sql;
  config: Config;
  signer: TokenSigner;
  /** Seals the secrets the API reads back (TOTP seeds) at rest. */
  secretBox: SecretBox;
  events: EventHub;
  /** PayPal Orders v2: the real API with credentials, else the simulator in api/sim/paypal.ts. */
  paypal: PayPalClient;
  /** The server provider (SPEC §7): the real one, or api/sim/provider.ts when unconfigured. */
  provider: ProviderClient;
}

/** The caller, once the bearer token and its session have been checked. */
export interface Auth {
  userId: string;
  sessionId: string;
  aal: "aal1" | "aal2";
}

export interface AppEnv {
  Variables: { auth: Auth; requestId: string };
}
