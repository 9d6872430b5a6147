import type { JWK } from "jose";
import type { DataChangedEvent } from "../contracts/account.ts";

/**
 * The ports: how the API's domains reach what lies outside them and the database (PayPal, the
 * server provider, token signing, sealed secrets, the live event hub). Each is implemented in its
 * domain (billing/paypal-client.ts, services/provider-client.ts, auth/tokens.ts,
 * auth/secret-box.ts, events/hub.ts) and handed to the routes in `Deps` (context.ts). Only types
 * live here and they import no domain, so context.ts composes them without an import cycle.
 */

// ---------------------------------------------------------------- tokens (auth/tokens.ts)

export interface AccessClaims {
  sub: string;
  sid: string;
  role: "authenticated";
  roles: string[];
  aal: "aal1" | "aal2";
  amr: { method: string; timestamp: number }[];
}

export interface TokenSigner {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
  jwks(): { keys: JWK[] };
}

// ---------------------------------------------------------------- sealed secrets (auth/secret-box.ts)

/**
 * AES-256-GCM for secrets the API has to read back (TOTP seeds), so a copy of the database alone
 * does not let anyone produce a user's codes. Each value is bound to a context (the user id): a
 * sealed value copied onto another user's row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): Promise<string>;
  open(stored: string, context: string): Promise<string>;
}

// ---------------------------------------------------------------- live events (events/hub.ts)

export interface ProfileChange {
  id: string;
  username: string;
  credits: string;
}
/** What a user's event stream carries: the profile row itself, or which of their lists changed. */
export type UserEvent =
  | { event: "profile"; data: ProfileChange }
  | { event: "changed"; data: DataChangedEvent };

export interface EventHub {
  subscribe(userId: string, listener: (event: UserEvent) => void): () => void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- server provider (services/provider-client.ts)

export type ProviderAction = "start" | "shutdown" | "restart" | "password/reset";

export interface ProviderClient {
  /** Resolves when the provider accepted the action; throws ProviderError otherwise. */
  call(resellerId: number, action: ProviderAction, body?: Record<string, unknown>): Promise<void>;
}

// ---------------------------------------------------------------- PayPal (billing/paypal-client.ts)

export interface PayPalAmount {
  currency_code: string;
  value: string;
}
export interface PayPalCapture {
  id: string;
  status: string;
  amount?: PayPalAmount;
}
export interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: {
    amount?: PayPalAmount;
    payments?: { captures?: PayPalCapture[]; authorizations?: PayPalCapture[] };
  }[];
  links?: { href: string; rel: string; method?: string }[];
}

/** PayPal Orders v2 as the billing domain uses it: the real API, or the simulator (sandbox). */
export interface PayPal {
  readonly mode: "paypal" | "sandbox";
  readonly clientId: string;
  /** Per call, in milliseconds; tests shorten it to exercise timeouts. */
  timeoutMs: number;
  createOrder(amount: string, currency: string, requestId: string): Promise<PayPalOrder>;
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  /** PayPal's own check of a webhook delivery, over the raw body as delivered. */
  verifyWebhook(headers: Headers, rawBody: string): Promise<boolean>;
  /** Sandbox checkout only: the buyer approves their own order at the simulator. */
  sandboxApprove(orderId: string): Promise<void>;
}
