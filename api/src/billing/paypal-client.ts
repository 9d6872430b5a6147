import {
  type PayPalSim,
  SIM_CLIENT_ID,
  SIM_CLIENT_SECRET,
  SIM_WEBHOOK_ID,
  startPayPalSim,
} from "../../sim/paypal.ts";
import type { Config } from "../platform/config.ts";
import { log } from "../platform/log.ts";
import type { PayPal, PayPalOrder, PayPalRefund, TopUpOrderRequest } from "../platform/ports.ts";

/** PayPal's error body: `name`, `message` and `details[].issue` (e.g. ORDER_ALREADY_CAPTURED). */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** The network gave no answer (refused, reset or timed out): the call may or may not have happened. */
export class PayPalUnreachable extends Error {}

/**
 * An answer that says nothing about whether PayPal acted: no answer, a 5xx, a 429, or a request id
 * still being processed. PayPal's idempotency guide: retry with the same PayPal-Request-Id.
 */
export const isIndeterminate = (err: unknown): boolean =>
  err instanceof PayPalUnreachable ||
  (err instanceof PayPalError &&
    // A success whose body could not be read (cut off, garbled): PayPal acted, the answer is lost.
    ((err.status >= 200 && err.status < 300) ||
      err.status >= 500 ||
      err.status === 429 ||
      err.status === 409 ||
      err.issue === "PREVIOUS_REQUEST_IN_PROGRESS"));

export interface PayPalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string | null;
  mode: "paypal" | "sandbox";
  timeoutMs?: number;
}

/**
 * One client for PayPal and the simulator; only the base URL and credentials differ. Every call has
 * a timeout, and a timeout is reported as "unreachable", never as a failure, since PayPal may
 * have acted on it: the caller retries with the same PayPal-Request-Id.
 */
export class PayPalClient implements PayPal {
  private token: { value: string; expiresAt: number } | null = null;
  readonly mode: "paypal" | "sandbox";
  readonly clientId: string;
  readonly baseUrl: string;
  readonly webhookId: string | null;
  /** Per call; tests shorten it to exercise timeouts. */
  timeoutMs: number;

  constructor(private readonly opts: PayPalClientOptions) {
    this.mode = opts.mode;
    this.clientId = opts.clientId;
    this.baseUrl = opts.baseUrl.replace(/\/$/, "");
    this.webhookId = opts.webhookId;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(this.baseUrl + path, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      log("warn", "paypal unreachable", {
        path: path.replace(/orders\/[^/]+/, "orders/:id"),
        error: String(err),
      });
      throw new PayPalUnreachable(String(err));
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await this.fetch("/v1/oauth2/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${this.opts.clientId}:${this.opts.clientSecret}`)}`,
        "content-type": "application/x-www-form-urlencoded",
        // Every POST carries one (see call()), this one too: harmless to repeat, but uniform.
        "paypal-request-id": crypto.randomUUID(),
      },
      body: "grant_type=client_credentials",
    });
    const body = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!res.ok || !body?.access_token) {
      if (res.status === 401) {
        // The commonest cause: live credentials against the sandbox (or the reverse).
        log("error", "paypal refused the client credentials", {
          api_base: this.baseUrl,
          hint: "live credentials need PAYPAL_API_BASE=https://api-m.paypal.com, sandbox ones https://api-m.sandbox.paypal.com",
        });
      }
      throw new PayPalError(res.status, "AUTHENTICATION_FAILURE", null, "token");
    }
    // Renewed a minute early so a call never starts with a token about to lapse.
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + ((body.expires_in ?? 300) - 60) * 1000,
    };
    return body.access_token;
  }

  /**
   * Every POST carries a PayPal-Request-Id (`requestId`): against a server that dropped the
   * connection after doing the work, fetch was seen sending the same POST again by itself, and
   * only the id lets PayPal answer that second one with the first one's result.
   */
  private async call<T>(
    method: string,
    path: string,
    opts: { body?: unknown; rawBody?: string; requestId?: string } = {},
  ): Promise<T> {
    if (method === "POST" && !opts.requestId) throw new Error(`POST ${path} without a request id`);
    const send = async () =>
      await this.fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          "content-type": "application/json",
          prefer: "return=representation",
          ...(opts.requestId ? { "paypal-request-id": opts.requestId } : {}),
        },
        body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      });
    let res = await send();
    if (res.status === 401) {
      // An expired or revoked token: fetch a new one once.
      await res.body?.cancel();
      this.token = null;
      res = await send();
    }
    const body = (await res.json().catch(() => null)) as
      | (T & { name?: string; message?: string; details?: { issue?: string }[] })
      | null;
    // PayPal answers 200 or 201 for success depending on whether the call was replayed.
    if (res.status === 200 || res.status === 201) {
      if (!body) throw new PayPalError(res.status, "INVALID_RESPONSE", null, "empty body");
      return body;
    }
    throw new PayPalError(
      res.status,
      body?.name ?? "UNKNOWN",
      body?.details?.[0]?.issue ?? null,
      body?.message ?? `HTTP ${res.status}`,
    );
  }

  /**
   * Credits are digital: PayPal must not ask the buyer for a shipping address (NO_SHIPPING), and
   * the invoice id and description put the portal's reference on the buyer's statement, which
   * keeps "unrecognised transaction" disputes away.
   */
  createOrder(order: TopUpOrderRequest): Promise<PayPalOrder> {
    return this.call("POST", "/v2/checkout/orders", {
      requestId: order.requestId,
      body: {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: "default",
            invoice_id: order.invoiceId,
            custom_id: order.customId,
            description: order.description,
            amount: { currency_code: order.currency, value: order.amount },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: { shipping_preference: "NO_SHIPPING", user_action: "PAY_NOW" },
          },
        },
      },
    });
  }

  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return this.call("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      requestId,
      body: {},
    });
  }

  refundCapture(captureId: string, requestId: string): Promise<PayPalRefund> {
    return this.call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      requestId,
      body: {},
    });
  }

  getOrder(orderId: string): Promise<PayPalOrder> {
    return this.call("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  /**
   * PayPal's own check of a webhook delivery against the configured webhook id. PayPal checks the
   * signature over the exact text it sent, so the delivery's raw body is spliced into the request
   * unchanged: parsing and re-serialising it (key order, spacing, 1.0 vs 1, escapes) fails it.
   */
  async verifyWebhook(headers: Headers, rawBody: string): Promise<boolean> {
    if (!this.webhookId) return false;
    const fields = {
      auth_algo: headers.get("paypal-auth-algo"),
      cert_url: headers.get("paypal-cert-url"),
      transmission_id: headers.get("paypal-transmission-id"),
      transmission_sig: headers.get("paypal-transmission-sig"),
      transmission_time: headers.get("paypal-transmission-time"),
      webhook_id: this.webhookId,
    };
    const body = await this.call<{ verification_status?: string }>(
      "POST",
      "/v1/notifications/verify-webhook-signature",
      {
        rawBody: `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`,
        requestId: crypto.randomUUID(),
      },
    );
    return body.verification_status === "SUCCESS";
  }

  /** Sandbox checkout only: the buyer's approval, which PayPal's own pages give in real mode. */
  async sandboxApprove(orderId: string): Promise<void> {
    if (this.mode !== "sandbox") throw new Error("sandbox approval outside sandbox mode");
    const res = await this.fetch(`/sim/orders/${encodeURIComponent(orderId)}/approve`, {
      method: "POST",
      headers: { "paypal-request-id": crypto.randomUUID() },
    });
    await res.body?.cancel();
    if (!res.ok) throw new PayPalError(res.status, "RESOURCE_NOT_FOUND", null, "approve failed");
  }
}

export interface PayPalSetup {
  client: PayPalClient;
  sim: PayPalSim | null;
  close(): Promise<void>;
}

/**
 * With PAYPAL_CLIENT_ID the API talks to PayPal at PAYPAL_API_BASE (required with credentials:
 * sandbox and live credentials only work against their own host). Without it, it talks to the
 * simulator: the one at PAYPAL_SIM_URL, shared by every replica, or else one started in this process.
 */
export async function setupPayPal(
  config: Config,
  opts: { timeoutMs?: number } = {},
): Promise<PayPalSetup> {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    const client = new PayPalClient({
      baseUrl: config.PAYPAL_API_BASE ?? "https://api-m.sandbox.paypal.com",
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      webhookId: config.PAYPAL_WEBHOOK_ID ?? null,
      mode: "paypal",
      timeoutMs: opts.timeoutMs,
    });
    return { client, sim: null, close: async () => {} };
  }
  const sim = config.PAYPAL_SIM_URL
    ? null
    : await startPayPalSim({ webhookId: config.PAYPAL_WEBHOOK_ID ?? SIM_WEBHOOK_ID });
  const client = new PayPalClient({
    baseUrl: config.PAYPAL_SIM_URL ?? sim!.url,
    clientId: SIM_CLIENT_ID,
    clientSecret: SIM_CLIENT_SECRET,
    webhookId: config.PAYPAL_WEBHOOK_ID ?? SIM_WEBHOOK_ID,
    mode: "sandbox",
    timeoutMs: opts.timeoutMs,
  });
  return { client, sim, close: async () => await sim?.close() };
}
