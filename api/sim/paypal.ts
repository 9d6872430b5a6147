/**
 * A PayPal REST simulator speaking the Orders v2 shapes the API relies on: OAuth client
 * credentials, create / get / capture orders with PayPal-Request-Id replays, buyer approval, webhook
 * delivery and signature verification. It is the offline default of `npm start` and of the tests,
 * which steer it through `controls` to fail, decline, time out or deliver twice.
 */

export const SIM_CLIENT_ID = "sim-client-id";
export const SIM_CLIENT_SECRET = "sim-client-secret";
export const SIM_WEBHOOK_ID = "SIM-WEBHOOK-ID";

type Money = { currency_code: string; value: string };
interface Capture {
  id: string;
  status: string;
  amount: Money;
  final_capture: boolean;
  create_time: string;
  update_time: string;
}
interface SimOrder {
  id: string;
  intent: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  amount: Money;
  reference_id: string;
  create_time: string;
  captures: Capture[];
}
interface Stored {
  status: number;
  body: unknown;
}

export interface CaptureOverride {
  /** Status of captures[0] (e.g. "PENDING", "DECLINED"); the order itself still completes. */
  status?: string;
  amount?: Money;
}

export interface PayPalSimControls {
  /** Marks an order approved by the buyer, as PayPal's checkout would. */
  approve(orderId: string): void;
  /** The next n create calls answer 500. */
  failCreates(n?: number): void;
  /** The next n capture calls answer 500 without capturing. */
  failCaptures(n?: number): void;
  /** The next n capture calls capture, then keep the caller waiting ms before answering. */
  delayCaptures(ms: number, n?: number): void;
  /** The next capture answers 422 INSTRUMENT_DECLINED. */
  declineNextCapture(): void;
  /** The next capture reports this capture status or amount. */
  overrideNextCapture(override: CaptureOverride): void;
  /** Webhook events for completed captures go to this URL (twice each when `twice`). */
  deliverWebhooksTo(url: string | null, opts?: { twice?: boolean }): void;
  /** Posts a webhook event for an order's capture, signed like PayPal's; `forge` breaks the signature. */
  sendCaptureWebhook(
    url: string,
    orderId: string,
    opts?: { forge?: boolean; eventType?: string },
  ): Promise<Response>;
  order(orderId: string): SimOrder | undefined;
  /** Capture calls received (replays included). */
  readonly captureCalls: number;
  reset(): void;
}

export interface PayPalSim {
  url: string;
  controls: PayPalSimControls;
  close(): Promise<void>;
}

const now = () => new Date().toISOString();
const randomId = (n = 17) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[b % 36]).join("");

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "paypal-debug-id": randomId(13), ...headers },
  });

const error = (status: number, name: string, message: string, issue?: string, description?: string) =>
  json(status, {
    name,
    message,
    debug_id: randomId(13),
    ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    links: [],
  });

const unprocessable = (issue: string, description: string) =>
  error(
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    issue,
    description,
  );

const notFound = () =>
  error(
    404,
    "RESOURCE_NOT_FOUND",
    "The specified resource does not exist.",
    "INVALID_RESOURCE_ID",
    "Specified resource ID does not exist. Please check the resource ID and try again.",
  );

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data));
  return btoa(String.fromCharCode(...new Uint8Array(sig)));
}

async function sha256(data: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(data));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts the simulator on `port` (0: a free port) on 127.0.0.1. */
export async function startPayPalSim(
  opts: { port?: number; clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<PayPalSim> {
  const clientId = opts.clientId ?? SIM_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? SIM_CLIENT_SECRET;
  const webhookId = opts.webhookId ?? SIM_WEBHOOK_ID;
  const signingSecret = crypto.randomUUID();
  const tokens = new Set<string>();
  const orders = new Map<string, SimOrder>();
  const replays = new Map<string, Stored | Promise<Stored>>();
  let baseUrl = "";
  let failCreates = 0;
  let failCaptures = 0;
  let delay = { ms: 0, n: 0 };
  let declineNext = false;
  let override: CaptureOverride | null = null;
  let webhook: { url: string | null; twice: boolean } = { url: null, twice: false };
  let captureCalls = 0;
  const pending = new Set<Promise<unknown>>();

  const orderBody = (o: SimOrder) => ({
    id: o.id,
    intent: o.intent,
    status: o.status,
    create_time: o.create_time,
    purchase_units: [
      {
        reference_id: o.reference_id,
        amount: o.amount,
        payee: { merchant_id: "SIMMERCHANT01", email_address: "merchant@example.com" },
        ...(o.captures.length ? { payments: { captures: o.captures } } : {}),
      },
    ],
    ...(o.status !== "CREATED"
      ? {
        payer: {
          name: { given_name: "Sandbox", surname: "Buyer" },
          email_address: "buyer@example.com",
          payer_id: "SIMBUYER0001",
        },
      }
      : {}),
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: "self", method: "GET" },
      ...(o.status === "CREATED" ? [{ href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: "approve", method: "GET" }] : []),
      ...(o.status === "APPROVED"
        ? [{ href: `${baseUrl}/v2/checkout/orders/${o.id}/capture`, rel: "capture", method: "POST" }]
        : []),
    ],
  });

  const captureEvent = (o: SimOrder, eventType: string) => {
    const c = o.captures[0];
    if (eventType === "PAYMENT.CAPTURE.REFUNDED") {
      return {
        id: `WH-${randomId(17)}`,
        event_version: "1.0",
        create_time: now(),
        resource_type: "refund",
        resource_version: "2.0",
        event_type: eventType,
        summary: `A ${c?.amount.value} ${c?.amount.currency_code} capture payment was refunded`,
        resource: {
          id: randomId(17),
          status: "COMPLETED",
          amount: c?.amount,
          create_time: now(),
          links: [{ href: `${baseUrl}/v2/payments/captures/${c?.id}`, rel: "up", method: "GET" }],
        },
      };
    }
    return {
      id: `WH-${randomId(17)}`,
      event_version: "1.0",
      create_time: now(),
      resource_type: "capture",
      resource_version: "2.0",
      event_type: eventType,
      summary: `Payment completed for ${c?.amount.value} ${c?.amount.currency_code}`,
      resource: {
        ...c,
        status: eventType === "PAYMENT.CAPTURE.REVERSED" ? "REVERSED" : c?.status,
        supplementary_data: { related_ids: { order_id: o.id } },
      },
    };
  };

  const signAndPost = async (url: string, event: unknown, forge = false) => {
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const time = now();
    const sig = await hmac(signingSecret, `${transmissionId}|${time}|${webhookId}|${await sha256(body)}`);
    return await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${baseUrl}/v1/notifications/certs/CERT-SIM`,
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-sig": forge ? btoa("forged-signature") : sig,
        "paypal-transmission-time": time,
      },
      body,
    });
  };

  const deliver = (o: SimOrder) => {
    const url = webhook.url;
    if (!url) return;
    const event = captureEvent(o, "PAYMENT.CAPTURE.COMPLETED");
    const times = webhook.twice ? 2 : 1;
    for (let i = 0; i < times; i++) {
      const p = signAndPost(url, event)
        .then((r) => r.body?.cancel())
        .catch(() => {})
        .finally(() => pending.delete(p));
      pending.add(p);
    }
  };

  const doCapture = (o: SimOrder): Stored => {
    const time = now();
    o.captures = [
      {
        id: randomId(17),
        status: override?.status ?? "COMPLETED",
        amount: override?.amount ?? o.amount,
        final_capture: true,
        create_time: time,
        update_time: time,
      },
    ];
    o.status = "COMPLETED";
    override = null;
    return { status: 201, body: orderBody(o) };
  };

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = url.pathname;

    if (req.method === "POST" && path === "/v1/oauth2/token") {
      const [user, pass] = atob((req.headers.get("authorization") ?? "").replace(/^Basic /, "")).split(":");
      const form = new URLSearchParams(await req.text());
      if (user !== clientId || pass !== clientSecret) {
        return json(401, { error: "invalid_client", error_description: "Client Authentication failed" });
      }
      if (form.get("grant_type") !== "client_credentials") {
        return json(400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
      }
      const token = `A21AA${randomId(40)}`;
      tokens.add(token);
      return json(200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-SIM",
        expires_in: 32400,
        nonce: `${now()}${randomId(8)}`,
      });
    }

    // Buyer approval: the approve link (a browser) or a POST from the API's sandbox checkout.
    const approveMatch = /^\/sim\/orders\/([^/]+)\/approve$/.exec(path);
    if ((req.method === "GET" && path === "/checkoutnow") || (req.method === "POST" && approveMatch)) {
      const id = approveMatch?.[1] ?? url.searchParams.get("token") ?? "";
      const o = orders.get(id);
      if (!o) return notFound();
      if (o.status === "CREATED") o.status = "APPROVED";
      if (req.method === "GET") {
        return new Response(`<!doctype html><title>Sandbox checkout</title><p>Order ${o.id} approved.</p>`, {
          headers: { "content-type": "text/html" },
        });
      }
      return json(200, orderBody(o));
    }

    const bearer = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (!tokens.has(bearer)) {
      return json(401, { error: "invalid_token", error_description: "Token signature verification failed" });
    }
    const requestId = req.headers.get("paypal-request-id");

    if (req.method === "POST" && path === "/v2/checkout/orders") {
      const key = requestId ? `create:${requestId}` : null;
      const seen = key ? replays.get(key) : undefined;
      if (seen) {
        const s = await seen;
        return json(s.status, s.body);
      }
      if (failCreates > 0) {
        failCreates--;
        return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
      }
      // deno-lint-ignore no-explicit-any
      const body = (await req.json().catch(() => null)) as any;
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== "CAPTURE" && body?.intent !== "AUTHORIZE") {
        return error(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "INVALID_PARAMETER_VALUE");
      }
      if (!unit?.amount?.currency_code || !/^\d+(\.\d{2})?$/.test(String(unit.amount.value ?? ""))) {
        return error(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "INVALID_PARAMETER_VALUE");
      }
      const o: SimOrder = {
        id: randomId(17),
        intent: body.intent,
        status: "CREATED",
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        reference_id: unit.reference_id ?? "default",
        create_time: now(),
        captures: [],
      };
      orders.set(o.id, o);
      const stored = { status: 201, body: orderBody(o) };
      if (key) replays.set(key, stored);
      return json(stored.status, stored.body);
    }

    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const o = orders.get(orderMatch[1] ?? "");
      if (req.method === "GET" && !orderMatch[2]) return o ? json(200, orderBody(o)) : notFound();
      if (req.method === "POST" && orderMatch[2]) {
        captureCalls++;
        const key = requestId ? `capture:${o?.id}:${requestId}` : null;
        const seen = key ? replays.get(key) : undefined;
        if (seen) {
          const s = await seen;
          return json(s.status, s.body);
        }
        if (!o) return notFound();
        if (failCaptures > 0) {
          failCaptures--;
          return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
        }
        if (o.status === "COMPLETED") {
          return unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
        }
        if (o.status !== "APPROVED") {
          return unprocessable(
            "ORDER_NOT_APPROVED",
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
          );
        }
        if (declineNext) {
          declineNext = false;
          return unprocessable(
            "INSTRUMENT_DECLINED",
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          );
        }
        // Captured synchronously: concurrent calls see COMPLETED or the stored replay, never a second capture.
        const result = doCapture(o);
        let answer: Stored | Promise<Stored> = result;
        if (delay.n > 0) {
          delay.n--;
          const ms = delay.ms;
          answer = new Promise<Stored>((r) => setTimeout(() => r(result), ms));
        }
        if (key) replays.set(key, result);
        if (o.captures[0]?.status === "COMPLETED") deliver(o);
        const s = await answer;
        return json(s.status, s.body);
      }
    }

    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      // deno-lint-ignore no-explicit-any
      const body = (await req.json().catch(() => null)) as any;
      if (!body?.transmission_id || !body?.webhook_event) {
        return error(400, "VALIDATION_ERROR", "Invalid request - see details", "MISSING_REQUIRED_PARAMETER");
      }
      const expected = await hmac(
        signingSecret,
        `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${await sha256(JSON.stringify(body.webhook_event))}`,
      );
      const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
      return json(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }

    return notFound();
  };

  const abort = new AbortController();
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    { port: opts.port ?? 0, hostname: "127.0.0.1", signal: abort.signal, onListen: resolve },
    handle,
  );
  const addr = await promise;
  baseUrl = `http://127.0.0.1:${addr.port}`;

  const controls: PayPalSimControls = {
    approve(orderId) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`no such order ${orderId}`);
      if (o.status === "CREATED") o.status = "APPROVED";
    },
    failCreates(n = 1) {
      failCreates = n;
    },
    failCaptures(n = 1) {
      failCaptures = n;
    },
    delayCaptures(ms, n = 1) {
      delay = { ms, n };
    },
    declineNextCapture() {
      declineNext = true;
    },
    overrideNextCapture(o) {
      override = o;
    },
    deliverWebhooksTo(url, o = {}) {
      webhook = { url, twice: o.twice ?? false };
    },
    sendCaptureWebhook(url, orderId, o = {}) {
      const order = orders.get(orderId);
      if (!order?.captures.length) throw new Error(`order ${orderId} has no capture`);
      return signAndPost(url, captureEvent(order, o.eventType ?? "PAYMENT.CAPTURE.COMPLETED"), o.forge);
    },
    order: (id) => orders.get(id),
    get captureCalls() {
      return captureCalls;
    },
    reset() {
      failCreates = 0;
      failCaptures = 0;
      delay = { ms: 0, n: 0 };
      declineNext = false;
      override = null;
      webhook = { url: null, twice: false };
    },
  };

  return {
    url: baseUrl,
    controls,
    async close() {
      await Promise.allSettled([...pending]);
      abort.abort();
      await server.finished;
    },
  };
}
