import type { JWK } from "jose";
import type { DataChangedEvent } from "../../contracts/account.ts";

/**
 * The ports: how the API's domains reach what lies outside them and the database (PayPal, the
 * server provider, token signing, sealed secrets, the live event hub). Each is implemented in its
 * domain (billing/paypal-client.ts, provider/hosterapi.ts, auth/tokens.ts,
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
  /**
   * For how long no change of the user's was notified to this instance, up to a minute and no
   * further back than its current LISTEN connection: what a page read in that time is current.
   */
  quietMs(userId: string): number;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- server provider (provider/)

/**
 * What a VPS product asks the provider for. Memory in MB, disk in GB, as the admin product form
 * edits them; each adapter turns them into its own units (HosterAPI: `mem`, `disk: "20G"`).
 */
export interface ServerPlan {
  /** A name from `templates()`. */
  template: string;
  cpuCores: number;
  memoryMb: number;
  diskGb: number;
  ipv4Count: number;
}

/** A server the provider made: what a finished create job reports. */
export interface CreatedServer {
  vmId: number;
  /** The root password the provider set, or null when it reports none. */
  rootPassword: string | null;
  ipv4: string[];
}

/**
 * A provider job as the portal reads it. `state` is the adapter's judgement of the provider's
 * `status`: `pending` while the provider works or says something the adapter does not know
 * (kept until the caller's deadline), `finished` or `failed` when it plainly says so.
 */
export interface ProviderJob {
  state: "pending" | "finished" | "failed";
  /** The provider's own word, for logs and staff. */
  status: string;
  /** 0 to 1. */
  progress: number;
  /** A finished create (or reinstall) job's server, when its output names one. */
  server: CreatedServer | null;
}

/** The provider's current figures of one server. Null where it gives no figure. */
export interface ServerStatus {
  /** `running`, `stopped`, or whatever else the provider reports. */
  state: string;
  /** 0 to 1 of the server's cores. */
  cpu: number | null;
  memoryUsedBytes: number | null;
  memoryTotalBytes: number | null;
  /** Since the server started, cumulative. */
  netInBytes: number | null;
  netOutBytes: number | null;
  uptimeSeconds: number | null;
}

/** A server's backup activity: `running` while a create or restore works. */
export interface BackupStatus {
  running: boolean;
  /** The provider's own word, shown to the customer. */
  status: string;
}

/** Graceful and forced power actions (HosterAPI: start, shutdown, stop, reboot, reboot/force). */
export type PowerAction = "start" | "shutdown" | "stop" | "reboot" | "reboot-force";

/**
 * The server provider as the portal uses it (provider/hosterapi.ts is the first adapter;
 * docs/provider.md says how another plugs in). Every method throws ProviderError
 * (provider/provider-error.ts) when the provider refused, failed or did not answer; its
 * `uncertain` tells whether the provider may have done the work anyway (a lost answer).
 */
export interface ServerProvider {
  /** Names of the systems a server can be created or reinstalled with. */
  templates(): Promise<string[]>;
  /** Every server of the account, with its IPv4 addresses where the provider lists them. */
  listServers(): Promise<{ vmId: number; ipv4: string[] }[]>;
  /** Starts a create job. No idempotency at the provider: never call it twice for one order. */
  createServer(plan: ServerPlan): Promise<{ jobId: string }>;
  job(jobId: string): Promise<ProviderJob>;
  status(vmId: number): Promise<ServerStatus>;
  power(vmId: number, action: PowerAction): Promise<void>;
  /**
   * Sets a new root password. `wanted` is sent along; the answer is the password that works (the
   * provider may choose its own).
   */
  resetPassword(vmId: number, wanted: string | null): Promise<{ password: string | null }>;
  reinstall(vmId: number, template: string): Promise<{ jobId: string }>;
  /** Resizes in place; a smaller disk is refused by the provider. */
  change(vmId: number, plan: Omit<ServerPlan, "template">): Promise<void>;
  /** `hostname` empty: the provider's default name again. */
  setReverseDns(vmId: number, ip: string, hostname: string): Promise<void>;
  /**
   * The server's addresses and reverse DNS names as the provider's configuration reports them;
   * `reverseDns` null when it reports none (then the portal cannot show the current names).
   */
  serverConfig(
    vmId: number,
  ): Promise<{ ipv4: string[]; reverseDns: Record<string, string> | null }>;
  listBackups(vmId: number): Promise<string[]>;
  /** Whether a backup create or restore is under way, in the provider's own word. */
  backupStatus(vmId: number): Promise<BackupStatus>;
  createBackup(vmId: number): Promise<void>;
  restoreBackup(vmId: number, backupId: string): Promise<void>;
  /** A short-lived noVNC address. */
  consoleUrl(vmId: number): Promise<string>;
  /** Deletes the server; `force` even while it runs. */
  deleteServer(vmId: number, force: boolean): Promise<void>;
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
  /** Why a capture is PENDING or DENIED (e.g. PENDING_REVIEW, BUYER_COMPLAINT, CHARGEBACK). */
  status_details?: { reason?: string };
}
/** A refund as GET order lists it under payments.refunds. */
export interface PayPalRefund {
  id: string;
  status: string;
  amount?: PayPalAmount;
}
export interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: {
    amount?: PayPalAmount;
    payments?: {
      captures?: PayPalCapture[];
      authorizations?: PayPalCapture[];
      refunds?: PayPalRefund[];
    };
  }[];
  links?: { href: string; rel: string; method?: string }[];
}

/** What the portal tells PayPal about a top-up when it creates the order. */
export interface TopUpOrderRequest {
  amount: string;
  currency: string;
  /** The PayPal-Request-Id: a retried create yields the same order. */
  requestId: string;
  /** On the buyer's statement and in dispute records: the portal's reference of this top-up. */
  invoiceId: string;
  /** Who bought it (our user id), for support looking at PayPal's records. */
  customId: string;
  /** What the buyer sees they pay for. */
  description: string;
}

/** PayPal Orders v2 as the billing domain uses it: the real API, or the simulator (sandbox). */
export interface PayPal {
  readonly mode: "paypal" | "sandbox";
  readonly clientId: string;
  /** Per call, in milliseconds; tests shorten it to exercise timeouts. */
  timeoutMs: number;
  createOrder(order: TopUpOrderRequest): Promise<PayPalOrder>;
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  /**
   * Refunds a capture in full (POST /v2/payments/captures/{id}/refund) with this PayPal-Request-Id:
   * a retry with the same id gets the first refund back, never a second one.
   */
  refundCapture(captureId: string, requestId: string): Promise<PayPalRefund>;
  /** PayPal's own check of a webhook delivery, over the raw body as delivered. */
  verifyWebhook(headers: Headers, rawBody: string): Promise<boolean>;
  /** Sandbox checkout only: the buyer approves their own order at the simulator. */
  sandboxApprove(orderId: string): Promise<void>;
}
