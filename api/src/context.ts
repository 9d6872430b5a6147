import type { Config } from "./config.ts";
import type { Sql } from "./db.ts";
import type { TokenSigner } from "./auth/tokens.ts";
import type { EventHub } from "./events/hub.ts";
import type { ProviderClient } from "./services/provider-client.ts";

/** What route factories receive: built once at start (or per test) and passed down. */
export interface Deps {
  sql: Sql;
  config: Config;
  signer: TokenSigner;
  events: EventHub;
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
