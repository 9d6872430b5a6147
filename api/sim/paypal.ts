/**
 * A PayPal REST simulator speaking the Orders v2 shapes the API relies on, as PayPal's published
 * specifications give them (checkout_orders_v2.json, payments_payment_v2.json,
 * notifications_webhooks_v1.json; sim/paypal-schemas/ holds them, and paypal-schema.test.ts checks
 * every answer and webhook body against them): OAuth client credentials with expiring tokens,
 * create / get / capture orders with PayPal-Request-Id replays (200 on a replay, forgotten after 6
 * hours; 409 PREVIOUS_REQUEST_IN_PROGRESS while the first call is still being answered), Prefer,
 * buyer approval, PENDING captures that complete later, PAYER_ACTION_REQUIRED, a webhook for every
 * capture (completed, pending, declined) and for refunds made through the API,
 * refund-shaped refund and reversal webhooks, and signature verification over the raw event text.
 * It is the offline default of `npm start` and of the tests, which steer it through `controls`;
 * run alone (see the end of this file) it is shared by every API replica.
 */

export const SIM_CLIENT_ID = "sim-client-id";
export const SIM_CLIENT_SECRET = "sim-client-secret";
/** PayPal's webhook ids are alphanumeric (verify_webhook_signature.webhook_id: ^[a-zA-Z0-9]+$). */
export const SIM_WEBHOOK_ID = "SIMWEBHOOKID0001";
/** PayPal keeps a PayPal-Request-Id for 6 hours (Orders v2: create and capture). */
export const REQUEST_ID_TTL_MS = 6 * 3600_000;
/** expires_in of the simulator's access tokens (PayPal: 32400 s). */
export const TOKEN_TTL_SECONDS = 32400;

type Money = { currency_code: string; value: string };
interface Capture {
  id: string;
  status: string;
  /** status_details.reason of a PENDING capture (PENDING_REVIEW when not set). */
  reason?: string;
  amount: Money;
  final_capture: boolean;
  create_time: string;
  update_time: string;
}
interface SimRefund {
  id: string;
  status: string;
  amount: Money;
  create_time: string;
  update_time: string;
}
interface SimOrder {
  id: string;
  intent: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  amount: Money;
  reference_id: string;
  create_time: string;
  captures: Capture[];
  /** Refunds of the capture, as GET order shows them in payments.refunds. */
  refunds?: SimRefund[];
}
interface Stored {
  status: number;
  body: unknown;
  /** Full representation and minimal one (Prefer: return=minimal, PayPal's default). */
  minimal?: unknown;
  at: number;
}

export interface CaptureOverride {
  /** Status of captures[0] (e.g. "PENDING", "DECLINED"); the order itself still completes. */
  status?: string;
  /** status_details.reason of a PENDING capture (PayPal's capture_status_details enum). */
  reason?: string;
  amount?: Money;
}

export interface PayPalSimControls {
  /** Marks an order approved by the buyer, as PayPal's checkout would. */
  approve(orderId: string): void;
  /** The next n create calls answer 500. */
  failCreates(n?: number): void;
  /** The next n capture calls answer 500 without capturing (`after`: capture, then answer 500: the answer is lost). */
  failCaptures(n?: number, opts?: { after?: boolean }): void;
  /** The next n GET order calls answer 500. */
  failReads(n?: number): void;
  /** The next capture happens, and its 201 answer arrives with a body that is not JSON (cut off). */
  garbleNextCapture(): void;
  /** PayPal lets an order expire: from now on it answers 404 RESOURCE_NOT_FOUND for it. */
  expireOrder(orderId: string): void;
  /** The next capture answers 422 PAYER_ACTION_REQUIRED (e.g. 3-D Secure): the buyer has to act again. */
  requirePayerActionNextCapture(): void;
  /** A PENDING capture completes (eCheck cleared, review passed): PAYMENT.CAPTURE.COMPLETED is delivered. */
  completePendingCapture(orderId: string): Promise<void>;
  /** Moves the simulator's clock: tokens expire, request ids are forgotten after 6 hours. */
  advanceClock(ms: number): void;
  /** Every access token issued so far stops working (PayPal answers 401 invalid_token). */
  expireTokens(): void;
  /** Posts a refund-shaped event (PAYMENT.CAPTURE.REFUNDED or .REVERSED, PAYMENT.REFUND.*) for an order's capture. */
  sendRefundWebhook(
    url: string,
    orderId: string,
    opts?: { eventType?: string; refundId?: string; amount?: string; status?: string },
  ): Promise<Response>;
  /**
   * Refunds (part of) an order's capture at PayPal without telling anyone (a webhook lost or never
   * configured): the capture turns PARTIALLY_REFUNDED or REFUNDED and GET order lists the refund.
   */
  refundCapture(
    orderId: string,
    opts?: { refundId?: string; amount?: string; status?: string },
  ): string;
  /**
   * PayPal puts a completed capture back to PENDING for a buyer complaint or a chargeback and
   * sends PAYMENT.CAPTURE.PENDING (to `url`, else the webhook address set with deliverWebhooksTo).
   */
  holdCapture(
    orderId: string,
    reason: "BUYER_COMPLAINT" | "CHARGEBACK",
    url?: string,
  ): Promise<Response | null>;
  /** PayPal denies a PENDING capture (review failed): PAYMENT.CAPTURE.DENIED is delivered. */
  denyPendingCapture(orderId: string): Promise<void>;
  /**
   * Posts a CUSTOMER.DISPUTE.* event about an order's capture (PayPal's dispute resource:
   * dispute_id, disputed_transactions[].seller_transaction_id, dispute_amount, status and, once
   * resolved, dispute_outcome.outcome_code).
   */
  sendDisputeWebhook(
    url: string,
    orderId: string,
    opts: {
      eventType:
        | "CUSTOMER.DISPUTE.CREATED"
        | "CUSTOMER.DISPUTE.UPDATED"
        | "CUSTOMER.DISPUTE.RESOLVED";
      disputeId: string;
      amount?: string;
      status?: string;
      outcome?: string;
    },
  ): Promise<Response>;
  /** Refund calls received (POST /v2/payments/captures/{id}/refund), replays included. */
  readonly refundCalls: number;
  /** The next n refund calls answer 500 (`after`: refund, then answer 500: the answer is lost). */
  failRefunds(n?: number, opts?: { after?: boolean }): void;
  /** Every webhook body sent so far (raw text), for schema checks. */
  readonly sentWebhooks: string[];
  /** Every create-order request body received (parsed), in arrival order. */
  readonly createBodies: unknown[];
  /** The next n capture calls capture, then keep the caller waiting ms before answering. */
  delayCaptures(ms: number, n?: number): void;
  /**
   * A second call with the PayPal-Request-Id of a capture still being answered gets 409
   * PREVIOUS_REQUEST_IN_PROGRESS, as PayPal may answer it (the default); `false` makes it wait
   * for the first call's answer and get the replay instead.
   */
  conflictWhileInFlight(on: boolean): void;
  /** Every POST received (token, create, capture, refund, verification, approval), in order. */
  readonly posts: { path: string; requestId: string | null }[];
  /**
   * The next capture answers 422 INSTRUMENT_DECLINED (or REDIRECT_PAYER_FOR_ALTERNATE_FUNDING). As
   * at PayPal, the order stays APPROVED: capturing it again may well succeed.
   */
  declineNextCapture(issue?: "INSTRUMENT_DECLINED" | "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"): void;
  /** The next capture reports this capture status or amount. */
  overrideNextCapture(override: CaptureOverride): void;
  /** Webhook events for completed captures go to this URL (twice each when `twice`). */
  deliverWebhooksTo(url: string | null, opts?: { twice?: boolean }): void;
  /** Posts a webhook event for an order's capture, signed like PayPal's; `forge` breaks the signature. */
  sendCaptureWebhook(
    url: string,
    orderId: string,
    opts?: { forge?: boolean; eventType?: string; relatedIds?: boolean },
  ): Promise<Response>;
  order(orderId: string): SimOrder | undefined;
  /** Capture calls received (replays included). */
  readonly captureCalls: number;
  /** Token requests received. */
  readonly tokenCalls: number;
  reset(): void;
}

export interface PayPalSim {
  url: string;
  controls: PayPalSimControls;
  close(): Promise<void>;
}

const randomId = (n = 17) =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(n)),
    (b) => "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[b % 36],
  ).join("");

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "paypal-debug-id": randomId(13), ...headers },
  });

/** PayPal's error body (error_4xx / error_500 in checkout_orders_v2.json). */
const errorBody = (
  _status: number,
  name: string,
  message: string,
  issue?: string,
  description?: string,
) => ({
  name,
  message,
  debug_id: randomId(13),
  ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
  links: issue
    ? [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
          method: "GET",
        },
      ]
    : [],
});

const error = (
  status: number,
  name: string,
  message: string,
  issue?: string,
  description?: string,
) => json(status, errorBody(status, name, message, issue, description));

const UNPROCESSABLE =
  "The requested action could not be performed, semantically incorrect, or failed business validation.";

const unprocessable = (issue: string, description: string) =>
  error(422, "UNPROCESSABLE_ENTITY", UNPROCESSABLE, issue, description);

const notFound = () =>
  error(
    404,
    "RESOURCE_NOT_FOUND",
    "The specified resource does not exist.",
    "INVALID_RESOURCE_ID",
    "Specified resource ID does not exist. Please check the resource ID and try again.",
  );

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data));
  return btoa(String.fromCharCode(...new Uint8Array(sig)));
}

/** CRC32 (IEEE) of the raw body, as in PayPal's signed string: id|time|webhook id|crc32. */
function crc32(text: string): number {
  let crc = ~0;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * The exact text of a top-level member's value in a JSON document, without parsing it: PayPal
 * verifies a webhook signature over the event text as delivered, so the verify endpoint must see
 * what the caller sent, not a re-serialised copy.
 */
export function rawMember(text: string, name: string): string | null {
  let depth = 0;
  let i = 0;
  const skipString = (at: number) => {
    let j = at + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    return j + 1;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = skipString(i);
      if (depth === 1) {
        let j = end;
        while (/\s/.test(text[j] ?? "")) j++;
        if (text[j] === ":" && text.slice(i + 1, end - 1) === name) {
          j++;
          while (/\s/.test(text[j] ?? "")) j++;
          const start = j;
          let d = 0;
          while (j < text.length) {
            const c = text[j]!;
            if (c === '"') {
              j = skipString(j);
              if (d === 0) return text.slice(start, j);
              continue;
            }
            if (c === "{" || c === "[") d++;
            else if (c === "}" || c === "]") {
              if (d === 0) return text.slice(start, j).trimEnd();
              d--;
              if (d === 0) return text.slice(start, j + 1);
            } else if (c === "," && d === 0) return text.slice(start, j).trimEnd();
            j++;
          }
          return null;
        }
      }
      i = end;
      continue;
    }
    if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") depth--;
    i++;
  }
  return null;
}

/** Starts the simulator on `port` (0: a free port) on 127.0.0.1 (`hostname` to listen elsewhere). */
export async function startPayPalSim(
  opts: {
    port?: number;
    hostname?: string;
    clientId?: string;
    clientSecret?: string;
    webhookId?: string;
  } = {},
): Promise<PayPalSim> {
  const clientId = opts.clientId ?? SIM_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? SIM_CLIENT_SECRET;
  const webhookId = opts.webhookId ?? SIM_WEBHOOK_ID;
  const signingSecret = crypto.randomUUID();
  let skew = 0;
  const nowMs = () => Date.now() + skew;
  const now = () => new Date(nowMs()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const tokens = new Map<string, number>();
  const orders = new Map<string, SimOrder & { payerAction?: boolean }>();
  const replays = new Map<string, { at: number; answer: Stored | Promise<Stored> }>();
  let baseUrl = "";
  let failCreates = 0;
  let failCaptures = 0;
  let failCapturesAfter = false;
  let garbleNext = false;
  let failReads = 0;
  let delay = { ms: 0, n: 0 };
  let conflictWhileInFlight = true;
  /** Request ids of captures whose first answer is still on its way. */
  const inFlight = new Set<string>();
  const posts: { path: string; requestId: string | null }[] = [];
  let declineNext: "INSTRUMENT_DECLINED" | "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING" | null = null;
  let payerActionNext = false;
  let override: CaptureOverride | null = null;
  let webhook: { url: string | null; twice: boolean } = { url: null, twice: false };
  let captureCalls = 0;
  let tokenCalls = 0;
  let refundCalls = 0;
  let failRefunds = { n: 0, after: false };
  const sentWebhooks: string[] = [];
  const createBodies: unknown[] = [];
  /** Invoice ids of the orders created so far: PayPal refuses one used before. */
  const invoiceIds = new Set<string>();
  const pending = new Set<Promise<unknown>>();

  const replay = (key: string | null) => {
    if (!key) return undefined;
    const seen = replays.get(key);
    if (seen && nowMs() - seen.at < REQUEST_ID_TTL_MS) return seen.answer;
    replays.delete(key);
    return undefined;
  };

  const captureBody = (o: SimOrder, c: Capture) => ({
    id: c.id,
    status: c.status,
    ...(c.status === "PENDING" ? { status_details: { reason: c.reason ?? "PENDING_REVIEW" } } : {}),
    amount: c.amount,
    final_capture: c.final_capture,
    seller_protection: {
      status: "ELIGIBLE",
      dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"],
    },
    links: [
      { href: `${baseUrl}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" },
      { href: `${baseUrl}/v2/payments/captures/${c.id}/refund`, rel: "refund", method: "POST" },
      { href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: "up", method: "GET" },
    ],
    create_time: c.create_time,
    update_time: c.update_time,
  });

  const orderLinks = (o: SimOrder & { payerAction?: boolean }) => [
    { href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: "self", method: "GET" },
    ...(o.status === "CREATED"
      ? [{ href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: "approve", method: "GET" }]
      : []),
    ...(o.status === ("PAYER_ACTION_REQUIRED" as string)
      ? [{ href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: "payer-action", method: "GET" }]
      : []),
    ...(o.status === "CREATED" || o.status === "APPROVED"
      ? [{ href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: "update", method: "PATCH" }]
      : []),
    ...(o.status === "APPROVED"
      ? [{ href: `${baseUrl}/v2/checkout/orders/${o.id}/capture`, rel: "capture", method: "POST" }]
      : []),
  ];

  const refundBody = (o: SimOrder, r: SimRefund) => ({
    id: r.id,
    status: r.status,
    ...(r.status === "PENDING" ? { status_details: { reason: "ECHECK" } } : {}),
    amount: r.amount,
    create_time: r.create_time,
    update_time: r.update_time,
    links: [
      { href: `${baseUrl}/v2/payments/refunds/${r.id}`, rel: "self", method: "GET" },
      { href: `${baseUrl}/v2/payments/captures/${o.captures[0]!.id}`, rel: "up", method: "GET" },
    ],
  });

  /**
   * A refund as PayPal keeps it: listed under the order, and the capture's status follows what was
   * paid back (PARTIALLY_REFUNDED, then REFUNDED). A later state of the same refund replaces it.
   */
  const keepRefund = (o: SimOrder, r: { refundId?: string; amount?: string; status?: string }) => {
    const c = o.captures[0]!;
    const id = r.refundId ?? randomId(17);
    const time = now();
    // A refund's state only moves forward: a late PENDING does not undo its COMPLETED.
    const known = o.refunds?.find((x) => x.id === id);
    if (known && known.status !== "PENDING") return id;
    const refund: SimRefund = {
      id,
      status: r.status ?? "COMPLETED",
      amount: { currency_code: c.amount.currency_code, value: r.amount ?? c.amount.value },
      create_time: time,
      update_time: time,
    };
    o.refunds = [...(o.refunds ?? []).filter((x) => x.id !== id), refund];
    const refundedCents = o.refunds
      .filter((x) => x.status === "COMPLETED")
      .reduce((sum, x) => sum + Math.round(Number(x.amount.value) * 100), 0);
    if (refundedCents > 0 && (c.status === "COMPLETED" || c.status.endsWith("REFUNDED"))) {
      c.status =
        refundedCents >= Math.round(Number(c.amount.value) * 100)
          ? "REFUNDED"
          : "PARTIALLY_REFUNDED";
      c.update_time = time;
    }
    return id;
  };

  const orderBody = (o: SimOrder) => ({
    id: o.id,
    intent: o.intent,
    status: o.status,
    ...(o.status !== "CREATED" && o.status !== ("PAYER_ACTION_REQUIRED" as string)
      ? {
          payment_source: {
            paypal: {
              email_address: "buyer@example.com",
              account_id: "SANDBXBUYER22",
              account_status: "VERIFIED",
              name: { given_name: "Sandbox", surname: "Buyer" },
            },
          },
        }
      : {}),
    purchase_units: [
      {
        reference_id: o.reference_id,
        amount: o.amount,
        payee: { merchant_id: "S3MMERCHANTAB", email_address: "merchant@example.com" },
        ...(o.captures.length
          ? {
              payments: {
                captures: o.captures.map((c) => captureBody(o, c)),
                ...(o.refunds?.length ? { refunds: o.refunds.map((r) => refundBody(o, r)) } : {}),
              },
            }
          : {}),
      },
    ],
    ...(o.status !== "CREATED" && o.status !== ("PAYER_ACTION_REQUIRED" as string)
      ? {
          payer: {
            name: { given_name: "Sandbox", surname: "Buyer" },
            email_address: "buyer@example.com",
            payer_id: "SANDBXBUYER22",
          },
        }
      : {}),
    create_time: o.create_time,
    ...(o.captures[0] ? { update_time: o.captures[0].update_time } : {}),
    links: orderLinks(o),
  });
  /** Prefer: return=minimal, PayPal's default: id, status and links only. */
  const minimalBody = (o: SimOrder) => ({ id: o.id, status: o.status, links: orderLinks(o) });

  const eventLinks = (id: string) => [
    { href: `${baseUrl}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
    {
      href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`,
      rel: "resend",
      method: "POST",
    },
  ];

  /**
   * PayPal's own PENDING sample carries no supplementary_data (the order is only in the capture's
   * "up" link); `relatedIds: false` leaves it out of any capture event.
   */
  const captureEvent = (o: SimOrder, eventType: string, relatedIds = true) => {
    const c = o.captures[0]!;
    const withRelatedIds = relatedIds && c.status !== "PENDING";
    const id = `WH-${randomId(17)}-${randomId(17)}`;
    return {
      id,
      event_version: "1.0",
      create_time: now(),
      resource_type: "capture",
      resource_version: "2.0",
      event_type: eventType,
      summary:
        eventType === "PAYMENT.CAPTURE.COMPLETED"
          ? `Payment completed for ${c.amount.value} ${c.amount.currency_code}`
          : `Payment ${c.status.toLowerCase()} for ${c.amount.value} ${c.amount.currency_code}`,
      resource: {
        ...captureBody(o, c),
        ...(withRelatedIds ? { supplementary_data: { related_ids: { order_id: o.id } } } : {}),
      },
      links: eventLinks(id),
    };
  };

  /** PAYMENT.CAPTURE.REFUNDED and .REVERSED carry a refund: its own id, the capture in the "up" link. */
  const refundEvent = (
    o: SimOrder,
    eventType: string,
    r: { refundId?: string; amount?: string; status?: string },
  ) => {
    const c = o.captures[0]!;
    const id = `WH-${randomId(17)}-${randomId(17)}`;
    const refundId = r.refundId ?? randomId(17);
    const amount = { currency_code: c.amount.currency_code, value: r.amount ?? c.amount.value };
    const status =
      r.status ??
      (eventType === "PAYMENT.REFUND.PENDING"
        ? "PENDING"
        : eventType === "PAYMENT.REFUND.FAILED"
          ? "FAILED"
          : "COMPLETED");
    const verb = eventType === "PAYMENT.CAPTURE.REVERSED" ? "reversed" : "refunded";
    return {
      id,
      event_version: "1.0",
      create_time: now(),
      resource_type: "refund",
      resource_version: "2.0",
      event_type: eventType,
      summary: `A ${amount.value} ${amount.currency_code} capture payment was ${verb}`,
      resource: {
        id: refundId,
        status,
        ...(status === "PENDING" ? { status_details: { reason: "ECHECK" } } : {}),
        amount,
        ...(eventType === "PAYMENT.CAPTURE.REVERSED" ? { note_to_payer: "Payment reversed" } : {}),
        seller_payable_breakdown: {
          gross_amount: amount,
          paypal_fee: { currency_code: amount.currency_code, value: "0.00" },
          net_amount: amount,
          total_refunded_amount: amount,
        },
        create_time: now(),
        update_time: now(),
        links: [
          { href: `${baseUrl}/v2/payments/refunds/${refundId}`, rel: "self", method: "GET" },
          { href: `${baseUrl}/v2/payments/captures/${c.id}`, rel: "up", method: "GET" },
        ],
      },
      links: eventLinks(id),
    };
  };

  /**
   * A CUSTOMER.DISPUTE.* event as PayPal sends it: resource_type "dispute", the dispute resource
   * of the Disputes API (v1) naming our capture as the seller's transaction.
   */
  const disputeEvent = (
    o: SimOrder,
    eventType: string,
    d: { disputeId: string; amount?: string; status?: string; outcome?: string },
  ) => {
    const c = o.captures[0]!;
    const id = `WH-${randomId(17)}-${randomId(17)}`;
    const amount = { currency_code: c.amount.currency_code, value: d.amount ?? c.amount.value };
    const resolved = eventType === "CUSTOMER.DISPUTE.RESOLVED";
    const status = d.status ?? (resolved ? "RESOLVED" : "WAITING_FOR_SELLER_RESPONSE");
    return {
      id,
      event_version: "1.0",
      create_time: now(),
      resource_type: "dispute",
      event_type: eventType,
      summary: resolved
        ? `A dispute was resolved with case # ${d.disputeId}`
        : `A new dispute opened with Case # ${d.disputeId}`,
      resource: {
        dispute_id: d.disputeId,
        create_time: c.update_time,
        update_time: now(),
        disputed_transactions: [
          {
            seller_transaction_id: c.id,
            create_time: c.create_time,
            transaction_status: "COMPLETED",
            gross_amount: c.amount,
            buyer: { name: "Sandbox Buyer" },
            seller: { merchant_id: "S3MMERCHANTAB", name: "Sandbox Seller" },
          },
        ],
        reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
        status,
        dispute_amount: amount,
        ...(resolved
          ? {
              dispute_outcome: {
                outcome_code: d.outcome ?? "RESOLVED_SELLER_FAVOUR",
                ...(d.outcome === "RESOLVED_BUYER_FAVOUR" ? { amount_refunded: amount } : {}),
              },
            }
          : {}),
        dispute_life_cycle_stage: "CHARGEBACK",
        dispute_channel: "INTERNAL",
        links: [
          {
            href: `${baseUrl}/v1/customer/disputes/${d.disputeId}`,
            rel: "self",
            method: "GET",
          },
        ],
      },
      links: eventLinks(id),
    };
  };

  /**
   * Delivers an event as PayPal does: its own JSON text (here indented, so that a receiver that
   * re-serialises the event before verifying it fails, as it would with PayPal), signed over the
   * transmission id, time, webhook id and the CRC32 of that exact text.
   */
  const signAndPost = async (url: string, event: unknown, forge = false) => {
    const body = JSON.stringify(event, null, 2);
    sentWebhooks.push(body);
    const transmissionId = crypto.randomUUID();
    const time = now();
    const sig = await hmac(signingSecret, `${transmissionId}|${time}|${webhookId}|${crc32(body)}`);
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

  const deliver = (o: SimOrder, eventType = "PAYMENT.CAPTURE.COMPLETED") =>
    deliverEvent(captureEvent(o, eventType));

  const deliverEvent = (event: unknown) => {
    const url = webhook.url;
    if (!url) return;
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
        ...(override?.reason ? { reason: override.reason } : {}),
        amount: override?.amount ?? o.amount,
        final_capture: true,
        create_time: time,
        update_time: time,
      },
    ];
    o.status = "COMPLETED";
    override = null;
    return { status: 201, body: orderBody(o), minimal: minimalBody(o), at: nowMs() };
  };

  const send = (s: Stored, representation: boolean, replayed: boolean) =>
    json(
      replayed && s.status === 201 ? 200 : s.status,
      representation || s.minimal === undefined ? s.body : s.minimal,
    );

  const handle = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = url.pathname;
    if (req.method === "POST")
      posts.push({ path, requestId: req.headers.get("paypal-request-id") });

    if (req.method === "POST" && path === "/v1/oauth2/token") {
      tokenCalls++;
      const [user, pass] = atob(
        (req.headers.get("authorization") ?? "").replace(/^Basic /, ""),
      ).split(":");
      const form = new URLSearchParams(await req.text());
      if (user !== clientId || pass !== clientSecret) {
        return json(401, {
          error: "invalid_client",
          error_description: "Client Authentication failed",
        });
      }
      if (form.get("grant_type") !== "client_credentials") {
        return json(400, {
          error: "unsupported_grant_type",
          error_description: "Grant Type is NULL",
        });
      }
      const token = `A21AA${randomId(40)}`;
      tokens.set(token, nowMs() + TOKEN_TTL_SECONDS * 1000);
      return json(200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-SIM",
        expires_in: TOKEN_TTL_SECONDS,
        nonce: `${now()}${randomId(8)}`,
      });
    }

    // Buyer approval: the approve link (a browser) or a POST from the API's sandbox checkout.
    const approveMatch = /^\/sim\/orders\/([^/]+)\/approve$/.exec(path);
    if (
      (req.method === "GET" && path === "/checkoutnow") ||
      (req.method === "POST" && approveMatch)
    ) {
      const id = approveMatch?.[1] ?? url.searchParams.get("token") ?? "";
      const o = orders.get(id);
      if (!o) return notFound();
      if (o.status === "CREATED" || o.status === ("PAYER_ACTION_REQUIRED" as string))
        o.status = "APPROVED";
      if (req.method === "GET") {
        return new Response(
          `<!doctype html><title>Sandbox checkout</title><p>Order ${o.id} approved.</p>`,
          {
            headers: { "content-type": "text/html" },
          },
        );
      }
      return json(200, orderBody(o));
    }

    const bearer = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= nowMs()) {
      return json(401, {
        error: "invalid_token",
        error_description: "Token signature verification failed",
      });
    }
    const requestId = req.headers.get("paypal-request-id");
    const representation = /return=representation/.test(req.headers.get("prefer") ?? "");

    if (req.method === "POST" && path === "/v2/checkout/orders") {
      const key = requestId ? `create:${requestId}` : null;
      const seen = replay(key);
      if (seen) return send(await seen, representation, true);
      if (failCreates > 0) {
        failCreates--;
        return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
      }
      // deno-lint-ignore no-explicit-any
      const body = (await req.json().catch(() => null)) as any;
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== "CAPTURE" && body?.intent !== "AUTHORIZE") {
        return error(
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "INVALID_PARAMETER_VALUE",
        );
      }
      if (
        !unit?.amount?.currency_code ||
        !/^\d+(\.\d{2})?$/.test(String(unit.amount.value ?? ""))
      ) {
        return error(
          400,
          "INVALID_REQUEST",
          "Request is not well-formed, syntactically incorrect, or violates schema.",
          "INVALID_PARAMETER_VALUE",
        );
      }
      createBodies.push(body);
      if (unit.invoice_id !== undefined) {
        if (invoiceIds.has(String(unit.invoice_id))) {
          return unprocessable("DUPLICATE_INVOICE_ID", "Duplicate Invoice ID detected.");
        }
        invoiceIds.add(String(unit.invoice_id));
      }
      const o: SimOrder = {
        id: randomId(17),
        intent: body.intent,
        // With a payment_source, PayPal asks the payer to act through the "payer-action" link.
        status: body.payment_source?.paypal
          ? ("PAYER_ACTION_REQUIRED" as SimOrder["status"])
          : "CREATED",
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        reference_id: unit.reference_id ?? "default",
        create_time: now(),
        captures: [],
      };
      orders.set(o.id, o);
      const stored: Stored = {
        status: 201,
        body: orderBody(o),
        minimal: minimalBody(o),
        at: nowMs(),
      };
      if (key) replays.set(key, { at: nowMs(), answer: stored });
      return send(stored, representation, false);
    }

    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const o = orders.get(orderMatch[1] ?? "");
      if (req.method === "GET" && !orderMatch[2]) {
        if (failReads > 0) {
          failReads--;
          return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
        }
        return o ? json(200, orderBody(o)) : notFound();
      }
      if (req.method === "POST" && orderMatch[2]) {
        captureCalls++;
        const key = requestId ? `capture:${o?.id}:${requestId}` : null;
        const seen = replay(key);
        if (seen && key && conflictWhileInFlight && inFlight.has(key)) {
          return error(
            409,
            "RESOURCE_CONFLICT",
            "The server has detected a conflict while processing this request.",
            "PREVIOUS_REQUEST_IN_PROGRESS",
            "A previous request on this resource is currently in progress. Please wait for sometime and try again. It is best to space out the initial and the subsequent request(s) to avoid receiving this error.",
          );
        }
        if (seen) {
          const s = await seen;
          if (failCaptures > 0 && failCapturesAfter) {
            failCaptures--;
            return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
          }
          return send(s, representation, true);
        }
        if (!o) return notFound();
        if (failCaptures > 0 && !failCapturesAfter) {
          failCaptures--;
          return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
        }
        if (o.status === "COMPLETED") {
          return unprocessable(
            "ORDER_ALREADY_CAPTURED",
            "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          );
        }
        if (o.status !== "APPROVED") {
          return unprocessable(
            "ORDER_NOT_APPROVED",
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
          );
        }
        if (declineNext || payerActionNext) {
          // A refusal is stored under the request id too: the same id replays the same refusal.
          const refusal: Stored = declineNext
            ? {
                status: 422,
                body: errorBody(
                  422,
                  "UNPROCESSABLE_ENTITY",
                  UNPROCESSABLE,
                  declineNext,
                  declineNext === "INSTRUMENT_DECLINED"
                    ? "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment."
                    : "Unable to process the payment with the funding source the payer selected. Redirect the payer to select an alternate funding source.",
                ),
                at: nowMs(),
              }
            : {
                status: 422,
                body: errorBody(
                  422,
                  "UNPROCESSABLE_ENTITY",
                  UNPROCESSABLE,
                  "PAYER_ACTION_REQUIRED",
                  "Transaction cannot complete successfully, instruct the buyer to return to PayPal.",
                ),
                at: nowMs(),
              };
          // A decline leaves the order APPROVED (PayPal does not take the approval back); a
          // payer action makes the buyer approve again (actions.restart() in PayPal's buttons).
          if (payerActionNext) o.status = "CREATED";
          declineNext = null;
          payerActionNext = false;
          if (key) replays.set(key, { at: nowMs(), answer: refusal });
          return json(refusal.status, refusal.body);
        }
        // Captured synchronously: concurrent calls see COMPLETED or the stored replay, never a second capture.
        const result = doCapture(o);
        let answer: Stored | Promise<Stored> = result;
        if (delay.n > 0) {
          delay.n--;
          const ms = delay.ms;
          answer = new Promise<Stored>((r) => setTimeout(() => r(result), ms));
        }
        if (key) replays.set(key, { at: nowMs(), answer: result });
        // PayPal notifies every capture, not only completed ones.
        const captured = o.captures[0]?.status;
        if (captured === "COMPLETED") deliver(o);
        else if (captured === "PENDING") deliver(o, "PAYMENT.CAPTURE.PENDING");
        else if (captured === "DECLINED") deliver(o, "PAYMENT.CAPTURE.DECLINED");
        if (key && answer !== result) {
          inFlight.add(key);
          answer = (answer as Promise<Stored>).finally(() => inFlight.delete(key));
        }
        if (failCaptures > 0 && failCapturesAfter) {
          failCaptures--;
          return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
        }
        if (garbleNext) {
          garbleNext = false;
          const whole = JSON.stringify((await answer).body);
          return new Response(whole.slice(0, whole.length / 2), {
            status: 201,
            headers: { "content-type": "application/json" },
          });
        }
        return send(await answer, representation, false);
      }
    }

    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === "POST" && refundMatch) {
      refundCalls++;
      const captureId = refundMatch[1] ?? "";
      // PayPal keeps the request id of a refund like a capture's: the same id gets the same refund.
      const key = requestId ? `refund:${captureId}:${requestId}` : null;
      const seen = replay(key);
      if (seen) {
        const s = await seen;
        if (failRefunds.n > 0 && failRefunds.after) {
          failRefunds.n--;
          return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
        }
        return send(s, true, true);
      }
      const o = [...orders.values()].find((x) => x.captures[0]?.id === captureId);
      const c = o?.captures[0];
      if (!o || !c) return notFound();
      if (failRefunds.n > 0 && !failRefunds.after) {
        failRefunds.n--;
        return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
      }
      // deno-lint-ignore no-explicit-any
      const body = (await req.json().catch(() => ({}))) as any;
      const refundedCents = (o.refunds ?? [])
        .filter((x) => x.status === "COMPLETED" || x.status === "PENDING")
        .reduce((sum, x) => sum + Math.round(Number(x.amount.value) * 100), 0);
      const leftCents = Math.round(Number(c.amount.value) * 100) - refundedCents;
      const wanted = body?.amount?.value ? Math.round(Number(body.amount.value) * 100) : leftCents;
      if (c.status !== "COMPLETED" && c.status !== "PARTIALLY_REFUNDED") {
        // PayPal's own issue and description for each (captures.refund-422).
        const [issue, description] =
          c.status === "REFUNDED"
            ? ["CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded"]
            : c.status === "PENDING"
              ? [
                  "PENDING_CAPTURE",
                  "Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.",
                ]
              : ["REFUND_NOT_ALLOWED", "Capture cannot be refunded."];
        return error(422, "UNPROCESSABLE_ENTITY", UNPROCESSABLE, issue, description);
      }
      if (wanted <= 0 || wanted > leftCents) {
        return error(
          422,
          "UNPROCESSABLE_ENTITY",
          UNPROCESSABLE,
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
      }
      const refundId = keepRefund(o, { amount: (wanted / 100).toFixed(2) });
      const refund = o.refunds!.find((x) => x.id === refundId)!;
      const stored: Stored = { status: 201, body: refundBody(o, refund), at: nowMs() };
      if (key) replays.set(key, { at: nowMs(), answer: stored });
      // A refund made through the API is notified like one made on PayPal's site.
      deliverEvent(
        refundEvent(o, "PAYMENT.CAPTURE.REFUNDED", { refundId, amount: refund.amount.value }),
      );
      if (failRefunds.n > 0 && failRefunds.after) {
        failRefunds.n--;
        return error(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.");
      }
      return send(stored, true, false);
    }

    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const text = await req.text();
      // deno-lint-ignore no-explicit-any
      const body = (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })() as any;
      const event = rawMember(text, "webhook_event");
      const missing = [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
      ].filter((f) => typeof body?.[f] !== "string" || !body[f]);
      if (!body || !event || missing.length) {
        return json(400, {
          name: "VALIDATION_ERROR",
          message: "Invalid request - see details",
          debug_id: randomId(13),
          details: (missing.length ? missing : ["webhook_event"]).map((f) => ({
            field: f,
            location: "body",
            issue: "MISSING_REQUIRED_PARAMETER",
            description: `${f} is required`,
          })),
          links: [],
        });
      }
      // Over the event text exactly as the caller relays it, like PayPal.
      const expected = await hmac(
        signingSecret,
        `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(event)}`,
      );
      const ok = body.webhook_id === webhookId && body.transmission_sig === expected;
      return json(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }

    return notFound();
  };

  const abort = new AbortController();
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve(
    {
      port: opts.port ?? 0,
      hostname: opts.hostname ?? "127.0.0.1",
      signal: abort.signal,
      onListen: resolve,
    },
    handle,
  );
  const addr = await promise;
  baseUrl = `http://${addr.hostname === "0.0.0.0" ? "127.0.0.1" : addr.hostname}:${addr.port}`;

  const controls: PayPalSimControls = {
    approve(orderId) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`no such order ${orderId}`);
      if (o.status === "CREATED" || o.status === ("PAYER_ACTION_REQUIRED" as string))
        o.status = "APPROVED";
    },
    failCreates(n = 1) {
      failCreates = n;
    },
    failCaptures(n = 1, o = {}) {
      failCaptures = n;
      failCapturesAfter = o.after ?? false;
    },
    garbleNextCapture() {
      garbleNext = true;
    },
    expireOrder(orderId) {
      orders.delete(orderId);
    },
    failReads(n = 1) {
      failReads = n;
    },
    delayCaptures(ms, n = 1) {
      delay = { ms, n };
    },
    conflictWhileInFlight(on) {
      conflictWhileInFlight = on;
    },
    get posts() {
      return posts;
    },
    declineNextCapture(issue = "INSTRUMENT_DECLINED") {
      declineNext = issue;
    },
    requirePayerActionNextCapture() {
      payerActionNext = true;
    },
    overrideNextCapture(o) {
      override = o;
    },
    async completePendingCapture(orderId) {
      const o = orders.get(orderId);
      const c = o?.captures[0];
      if (!o || c?.status !== "PENDING") throw new Error(`order ${orderId} has no pending capture`);
      c.status = "COMPLETED";
      c.update_time = now();
      deliver(o);
      await Promise.allSettled([...pending]);
    },
    advanceClock(ms) {
      skew += ms;
    },
    expireTokens() {
      for (const t of tokens.keys()) tokens.set(t, 0);
    },
    deliverWebhooksTo(url, o = {}) {
      webhook = { url, twice: o.twice ?? false };
    },
    sendCaptureWebhook(url, orderId, o = {}) {
      const order = orders.get(orderId);
      if (!order?.captures.length) throw new Error(`order ${orderId} has no capture`);
      const type = o.eventType ?? "PAYMENT.CAPTURE.COMPLETED";
      const event =
        type.startsWith("PAYMENT.CAPTURE.REFUNDED") ||
        type === "PAYMENT.CAPTURE.REVERSED" ||
        type.startsWith("PAYMENT.REFUND.")
          ? refundEvent(order, type, {})
          : captureEvent(order, type, o.relatedIds ?? true);
      return signAndPost(url, event, o.forge);
    },
    sendRefundWebhook(url, orderId, o = {}) {
      const order = orders.get(orderId);
      if (!order?.captures.length) throw new Error(`order ${orderId} has no capture`);
      const eventType = o.eventType ?? "PAYMENT.CAPTURE.REFUNDED";
      const event = refundEvent(order, eventType, o);
      // A refund (not a chargeback) is PayPal's state too: GET order shows it from now on.
      if (eventType !== "PAYMENT.CAPTURE.REVERSED") {
        keepRefund(order, {
          refundId: event.resource.id,
          amount: event.resource.amount.value,
          status: event.resource.status,
        });
      }
      return signAndPost(url, event);
    },
    async holdCapture(orderId, reason, url) {
      const order = orders.get(orderId);
      const c = order?.captures[0];
      if (!order || !c) throw new Error(`order ${orderId} has no capture`);
      c.status = "PENDING";
      c.reason = reason;
      c.update_time = now();
      const to = url ?? webhook.url;
      if (!to) return null;
      return await signAndPost(to, captureEvent(order, "PAYMENT.CAPTURE.PENDING"));
    },
    async denyPendingCapture(orderId) {
      const o = orders.get(orderId);
      const c = o?.captures[0];
      if (!o || c?.status !== "PENDING") throw new Error(`order ${orderId} has no pending capture`);
      // PayPal's capture statuses have no DENIED: the event says denied, the capture DECLINED.
      c.status = "DECLINED";
      c.update_time = now();
      deliver(o, "PAYMENT.CAPTURE.DENIED");
      await Promise.allSettled([...pending]);
    },
    sendDisputeWebhook(url, orderId, o) {
      const order = orders.get(orderId);
      if (!order?.captures.length) throw new Error(`order ${orderId} has no capture`);
      return signAndPost(url, disputeEvent(order, o.eventType, o));
    },
    get refundCalls() {
      return refundCalls;
    },
    failRefunds(n = 1, o = {}) {
      failRefunds = { n, after: o.after ?? false };
    },
    refundCapture(orderId, o = {}) {
      const order = orders.get(orderId);
      if (!order?.captures.length) throw new Error(`order ${orderId} has no capture`);
      return keepRefund(order, o);
    },
    get sentWebhooks() {
      return sentWebhooks;
    },
    get createBodies() {
      return createBodies;
    },
    order: (id) => orders.get(id),
    get captureCalls() {
      return captureCalls;
    },
    get tokenCalls() {
      return tokenCalls;
    },
    reset() {
      failCreates = 0;
      failCaptures = 0;
      failReads = 0;
      delay = { ms: 0, n: 0 };
      conflictWhileInFlight = true;
      declineNext = null;
      payerActionNext = false;
      garbleNext = false;
      override = null;
      failRefunds = { n: 0, after: false };
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

/**
 * Run on its own (`deno run -A api/sim/paypal.ts`, PORT default 8070), one simulator serves every
 * API replica: set PAYPAL_SIM_URL on each, so an order created through one replica can be captured
 * through another, as with PayPal.
 */
if (import.meta.main) {
  const sim = await startPayPalSim({
    port: Number(Deno.env.get("PORT") ?? 8070),
    hostname: Deno.env.get("HOST") ?? "0.0.0.0",
    webhookId: Deno.env.get("PAYPAL_WEBHOOK_ID") ?? SIM_WEBHOOK_ID,
  });
  console.log(`PayPal simulator on ${sim.url}`);
  const url = Deno.env.get("PAYPAL_SIM_WEBHOOK_URL");
  if (url) sim.controls.deliverWebhooksTo(url);
}
