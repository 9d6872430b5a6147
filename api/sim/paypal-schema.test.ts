/**
 * The simulator tells the truth. Every response and webhook body it produces is checked
 * against PayPal's own published JSON schemas (api/sim/paypal-schemas/, vendored with their
 * licence): types, required members, enums (statuses, error names and issues), patterns, and no
 * member the specification does not know.
 */
import assert from "node:assert/strict";
import { SIM_CLIENT_ID, SIM_CLIENT_SECRET, SIM_WEBHOOK_ID, startPayPalSim } from "./paypal.ts";

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });

// deno-lint-ignore no-explicit-any
type Schema = Record<string, any>;
interface Spec {
  components: { schemas: Record<string, Schema> };
}

const load = (name: string): Spec =>
  JSON.parse(Deno.readTextFileSync(new URL(`./paypal-schemas/${name}.json`, import.meta.url)));
const orders = load("checkout_orders_v2");
const payments = load("payments_payment_v2");
const webhooks = load("notifications_webhooks_v1");

function resolve(spec: Spec, schema: Schema): Schema {
  let s = schema;
  while (s.$ref) {
    const name = String(s.$ref).replace("#/components/schemas/", "");
    const target = spec.components.schemas[name];
    if (!target) throw new Error(`unknown $ref ${s.$ref}`);
    s = target;
  }
  return s;
}

/** Every member name a schema (through $ref, allOf, anyOf, oneOf) declares; null when it allows any. */
function declared(spec: Spec, schema: Schema, out = new Set<string>()): Set<string> | null {
  const s = resolve(spec, schema);
  if (s.additionalProperties === true || typeof s.additionalProperties === "object") return null;
  for (const k of Object.keys(s.properties ?? {})) out.add(k);
  for (const branch of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    if (declared(spec, branch, out) === null) return null;
  }
  return out;
}

function check(
  spec: Spec,
  schema: Schema,
  value: unknown,
  path: string,
  errors: string[],
  extras = true,
): void {
  const s = resolve(spec, schema);
  for (const branch of s.allOf ?? []) check(spec, branch, value, path, errors, false);
  for (const key of ["anyOf", "oneOf"] as const) {
    if (!s[key]) continue;
    const ok = (s[key] as Schema[]).some((branch) => {
      const e: string[] = [];
      check(spec, branch, value, path, e, false);
      return e.length === 0;
    });
    if (!ok) errors.push(`${path}: matches none of ${key}`);
  }
  if (s.enum && !s.enum.includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`);
  const type = s.type ?? (s.properties ? "object" : undefined);
  if (type === "object") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      errors.push(`${path}: not an object`);
      return;
    }
    const obj = value as Record<string, unknown>;
    for (const r of s.required ?? [])
      if (!(r in obj)) errors.push(`${path}: missing required ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      const prop = s.properties?.[k];
      if (prop) check(spec, prop, v, `${path}.${k}`, errors);
    }
    if (extras) {
      const known = declared(spec, schema);
      if (known && known.size) {
        for (const k of Object.keys(obj))
          if (!known.has(k)) errors.push(`${path}: member ${k} is not in PayPal's schema`);
      }
    }
  } else if (type === "array") {
    if (!Array.isArray(value)) return void errors.push(`${path}: not an array`);
    if (s.minItems !== undefined && value.length < s.minItems)
      errors.push(`${path}: fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && value.length > s.maxItems)
      errors.push(`${path}: more than ${s.maxItems} items`);
    if (s.items) {
      for (const [i, v] of value.entries()) check(spec, s.items, v, `${path}[${i}]`, errors);
    }
  } else if (type === "string") {
    if (typeof value !== "string") return void errors.push(`${path}: not a string`);
    if (s.minLength !== undefined && value.length < s.minLength)
      errors.push(`${path}: shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && value.length > s.maxLength)
      errors.push(`${path}: longer than ${s.maxLength}`);
    if (s.pattern && !new RegExp(s.pattern).test(value))
      errors.push(`${path}: ${JSON.stringify(value)} !~ ${s.pattern}`);
    if (s.format === "date-time" && Number.isNaN(Date.parse(value)))
      errors.push(`${path}: not a date-time`);
  } else if (type === "boolean") {
    if (typeof value !== "boolean") errors.push(`${path}: not a boolean`);
  } else if (type === "integer" || type === "number") {
    if (typeof value !== "number" || (type === "integer" && !Number.isInteger(value)))
      errors.push(`${path}: not a ${type}`);
  }
}

let checked = 0;
function conforms(spec: Spec, schemaName: string | Schema[], value: unknown, what: string) {
  const schema =
    typeof schemaName === "string"
      ? { $ref: `#/components/schemas/${schemaName}` }
      : { allOf: schemaName };
  const errors: string[] = [];
  check(spec, schema, value, what, errors);
  assert.deepEqual(
    errors,
    [],
    `${what} does not conform to PayPal's schema:\n${errors.join("\n")}`,
  );
  checked++;
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * PayPal's dispute resource (Disputes API v1, "dispute"; its schema is not among the vendored
 * ones): the members PayPal documents, the required ones the portal reads, and their enums.
 */
const DISPUTE_MEMBERS = new Set([
  "dispute_id",
  "create_time",
  "update_time",
  "disputed_transactions",
  "reason",
  "status",
  "dispute_amount",
  "fee_policy",
  "external_reason_code",
  "dispute_outcome",
  "adjudications",
  "money_movements",
  "dispute_life_cycle_stage",
  "dispute_channel",
  "messages",
  "extensions",
  "evidences",
  "buyer_response_due_date",
  "seller_response_due_date",
  "offer",
  "refund_details",
  "communication_details",
  "allowed_response_options",
  "supporting_info",
  "links",
]);
const DISPUTE_STATUS = [
  "OPEN",
  "WAITING_FOR_BUYER_RESPONSE",
  "WAITING_FOR_SELLER_RESPONSE",
  "UNDER_REVIEW",
  "RESOLVED",
  "OTHER",
];
const DISPUTE_OUTCOMES = [
  "RESOLVED_BUYER_FAVOUR",
  "RESOLVED_SELLER_FAVOUR",
  "RESOLVED_WITH_PAYOUT",
  "CANCELED_BY_BUYER",
  "ACCEPTED",
  "DENIED",
  "NONE",
];
function disputeConforms(resource: Record<string, unknown>, what: string) {
  // deno-lint-ignore no-explicit-any
  const d = resource as any;
  for (const k of Object.keys(d))
    assert.ok(DISPUTE_MEMBERS.has(k), `${what}: ${k} is not a dispute member`);
  assert.match(d.dispute_id, /^[\w-]+$/, `${what}: dispute_id`);
  assert.ok(DISPUTE_STATUS.includes(d.status), `${what}: status ${d.status}`);
  conforms(payments, "money", d.dispute_amount, `${what}.dispute_amount`);
  assert.ok(Array.isArray(d.disputed_transactions) && d.disputed_transactions.length > 0);
  for (const t of d.disputed_transactions) {
    assert.equal(typeof t.seller_transaction_id, "string", `${what}: seller_transaction_id`);
    conforms(payments, "money", t.gross_amount, `${what}.gross_amount`);
  }
  if (d.dispute_outcome) {
    assert.ok(DISPUTE_OUTCOMES.includes(d.dispute_outcome.outcome_code), `${what}: outcome`);
  }
  assert.equal(d.status === "RESOLVED", !!d.dispute_outcome, `${what}: an outcome once resolved`);
}

test("paypal sim: every response and webhook body conforms to PayPal's published schemas", async () => {
  const sim = await startPayPalSim();
  const received: string[] = [];
  const abort = new AbortController();
  const { promise, resolve: listening } = Promise.withResolvers<Deno.NetAddr>();
  const sink = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: abort.signal, onListen: listening },
    async (req) => {
      received.push(await req.text());
      return new Response(null, { status: 200 });
    },
  );
  const hook = `http://127.0.0.1:${(await promise).port}/hook`;
  try {
    const { access_token } = await (
      await fetch(`${sim.url}/v1/oauth2/token`, {
        method: "POST",
        headers: { authorization: `Basic ${btoa(`${SIM_CLIENT_ID}:${SIM_CLIENT_SECRET}`)}` },
        body: "grant_type=client_credentials",
      })
    ).json();
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${sim.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${access_token}`,
          "content-type": "application/json",
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const full = { prefer: "return=representation" };
    const createBody = {
      intent: "CAPTURE",
      purchase_units: [
        { reference_id: "default", amount: { currency_code: "EUR", value: "25.00" } },
      ],
    };
    const create = async (
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = full,
    ) => {
      const r = await call("POST", "/v2/checkout/orders", { ...createBody, ...extra }, headers);
      conforms(orders, "order", r.body, `create ${r.status}`);
      return r.body;
    };
    const order = (id: string) => call("GET", `/v2/checkout/orders/${id}`);
    const capture = (id: string, requestId = crypto.randomUUID()) =>
      call(
        "POST",
        `/v2/checkout/orders/${id}/capture`,
        {},
        { ...full, "paypal-request-id": requestId },
      );
    const error = (
      spec: Spec,
      status: number,
      captureSchema: string | null,
      body: unknown,
      what: string,
    ) =>
      conforms(
        spec,
        [ref(`error_${status}`), ...(captureSchema ? [ref(captureSchema)] : [])],
        body,
        what,
      );

    await create({}, {});
    await create({
      payment_source: {
        paypal: {
          experience_context: {
            return_url: "https://example.com/r",
            cancel_url: "https://example.com/c",
          },
        },
      },
    });
    const paa = await create({ payment_source: { paypal: {} } });
    assert.equal(paa.status, "PAYER_ACTION_REQUIRED");
    assert.ok(paa.links.some((l: { rel: string }) => l.rel === "payer-action"));

    const created = await create();
    conforms(orders, "order", (await order(created.id)).body, "get CREATED");
    const notApproved = await capture(created.id);
    assert.equal(notApproved.status, 422);
    error(orders, 422, "orders.capture-422", notApproved.body, "capture ORDER_NOT_APPROVED");
    const missing = await order("NOSUCHORDER");
    assert.equal(missing.status, 404);
    error(orders, 404, null, missing.body, "get 404");

    sim.controls.approve(created.id);
    conforms(orders, "order", (await order(created.id)).body, "get APPROVED");
    sim.controls.declineNextCapture();
    const declined = await capture(created.id);
    error(orders, 422, "orders.capture-422", declined.body, "capture INSTRUMENT_DECLINED");
    sim.controls.approve(created.id);
    sim.controls.requirePayerActionNextCapture();
    const action = await capture(created.id);
    error(orders, 422, "orders.capture-422", action.body, "capture PAYER_ACTION_REQUIRED");
    sim.controls.approve(created.id);
    sim.controls.failCaptures(1);
    const failed = await capture(created.id);
    assert.equal(failed.status, 500);
    error(orders, 500, null, failed.body, "capture 500");
    sim.controls.failReads(1);
    error(orders, 500, null, (await order(created.id)).body, "get 500");

    sim.controls.deliverWebhooksTo(hook);
    const requestId = crypto.randomUUID();
    const done = await capture(created.id, requestId);
    assert.equal(done.status, 201);
    conforms(orders, "order", done.body, "capture 201");
    const replay = await capture(created.id, requestId);
    assert.equal(replay.status, 200);
    conforms(orders, "order", replay.body, "capture replay 200");
    const again = await capture(created.id);
    error(orders, 422, "orders.capture-422", again.body, "capture ORDER_ALREADY_CAPTURED");
    conforms(orders, "order", (await order(created.id)).body, "get COMPLETED");

    const pending = await create();
    sim.controls.approve(pending.id);
    sim.controls.overrideNextCapture({ status: "PENDING" });
    conforms(orders, "order", (await capture(pending.id)).body, "capture PENDING");
    await sim.controls.completePendingCapture(pending.id);

    for (const eventType of [
      "PAYMENT.CAPTURE.REFUNDED",
      "PAYMENT.CAPTURE.REVERSED",
      "PAYMENT.REFUND.PENDING",
      "PAYMENT.REFUND.FAILED",
    ]) {
      await (
        await sim.controls.sendRefundWebhook(hook, created.id, { eventType, amount: "5.00" })
      ).body?.cancel();
    }
    await (await sim.controls.sendCaptureWebhook(hook, created.id)).body?.cancel();
    await new Promise((r) => setTimeout(r, 100));
    // As at PayPal, a refund is the order's state too: GET lists it and the capture follows.
    const refunded = (await order(created.id)).body;
    conforms(orders, "order", refunded, "get PARTIALLY_REFUNDED");
    const payments_ = refunded.purchase_units[0].payments;
    assert.equal(payments_.captures[0].status, "PARTIALLY_REFUNDED");
    assert.deepEqual(payments_.refunds.map((r: { status: string }) => r.status).sort(), [
      "COMPLETED",
      "FAILED",
      "PENDING",
    ]);
    sim.controls.refundCapture(created.id, { amount: "20.00" });
    const whole = (await order(created.id)).body;
    conforms(orders, "order", whole, "get REFUNDED");
    assert.equal(whole.purchase_units[0].payments.captures[0].status, "REFUNDED");

    // Refunds through the API (POST /v2/payments/captures/{id}/refund) with request-id replay.
    const refundable = await create();
    sim.controls.approve(refundable.id);
    const refundableCapture = (await capture(refundable.id)).body.purchase_units[0].payments
      .captures[0].id;
    const refund = (requestId: string, body: unknown = {}) =>
      call("POST", `/v2/payments/captures/${refundableCapture}/refund`, body, {
        ...full,
        "paypal-request-id": requestId,
      });
    const refundId = crypto.randomUUID();
    const partial = await refund(refundId, { amount: { currency_code: "EUR", value: "10.00" } });
    assert.equal(partial.status, 201);
    conforms(payments, "refund", partial.body, "refund 201");
    const replayed = await refund(refundId, { amount: { currency_code: "EUR", value: "10.00" } });
    assert.equal(replayed.status, 200);
    assert.equal(replayed.body.id, partial.body.id, "the same request id replays the same refund");
    conforms(payments, "refund", replayed.body, "refund replay 200");
    const tooMuch = await refund(crypto.randomUUID(), {
      amount: { currency_code: "EUR", value: "20.00" },
    });
    assert.equal(tooMuch.status, 422);
    error(payments, 422, "captures.refund-422", tooMuch.body, "refund REFUND_AMOUNT_EXCEEDED");
    assert.equal((await refund(crypto.randomUUID())).status, 201, "the rest, with an empty body");
    const fully = await refund(crypto.randomUUID());
    error(payments, 422, "captures.refund-422", fully.body, "refund CAPTURE_FULLY_REFUNDED");
    assert.equal(fully.body.details[0].issue, "CAPTURE_FULLY_REFUNDED");
    assert.equal(sim.controls.refundCalls, 5);
    conforms(orders, "order", (await order(refundable.id)).body, "get after API refunds");

    // Disputes, a complaint hold of a completed capture, and a pending capture denied.
    const disputed = await create();
    sim.controls.approve(disputed.id);
    await capture(disputed.id);
    for (const eventType of [
      "CUSTOMER.DISPUTE.CREATED",
      "CUSTOMER.DISPUTE.UPDATED",
      "CUSTOMER.DISPUTE.RESOLVED",
    ] as const) {
      await (
        await sim.controls.sendDisputeWebhook(hook, disputed.id, {
          eventType,
          disputeId: "PP-D-12345",
          outcome: "RESOLVED_BUYER_FAVOUR",
        })
      ).body?.cancel();
    }
    await (await sim.controls.holdCapture(disputed.id, "BUYER_COMPLAINT", hook))?.body?.cancel();
    conforms(orders, "order", (await order(disputed.id)).body, "get capture held for a complaint");
    const denied = await create();
    sim.controls.approve(denied.id);
    sim.controls.overrideNextCapture({ status: "PENDING" });
    await capture(denied.id);
    await sim.controls.denyPendingCapture(denied.id);
    await new Promise((r) => setTimeout(r, 100));
    conforms(orders, "order", (await order(denied.id)).body, "get capture denied");

    // Two calls with one PayPal-Request-Id while the first is still being answered: PayPal may
    // answer the second 409 PREVIOUS_REQUEST_IN_PROGRESS; once answered, the id replays.
    const busy = await create();
    sim.controls.approve(busy.id);
    sim.controls.delayCaptures(300);
    const busyId = crypto.randomUUID();
    const [first, second] = await Promise.all([
      capture(busy.id, busyId),
      new Promise((r) => setTimeout(r, 50)).then(() => capture(busy.id, busyId)),
    ]);
    assert.equal(first.status, 201);
    assert.equal(second.status, 409);
    error(payments, 409, "409", second.body, "capture PREVIOUS_REQUEST_IN_PROGRESS");
    assert.equal(second.body.details[0].issue, "PREVIOUS_REQUEST_IN_PROGRESS");
    assert.equal((await capture(busy.id, busyId)).status, 200, "answered: the id replays");

    // Every capture is notified, not only completed ones; a PENDING one with its own reason.
    const echeck = await create();
    sim.controls.approve(echeck.id);
    sim.controls.overrideNextCapture({ status: "PENDING", reason: "ECHECK" });
    const echeckCapture = await capture(echeck.id);
    conforms(orders, "order", echeckCapture.body, "capture PENDING ECHECK");
    assert.equal(
      echeckCapture.body.purchase_units[0].payments.captures[0].status_details.reason,
      "ECHECK",
    );
    const declinedCapture = await create();
    sim.controls.approve(declinedCapture.id);
    sim.controls.overrideNextCapture({ status: "DECLINED" });
    conforms(orders, "order", (await capture(declinedCapture.id)).body, "capture DECLINED");
    await new Promise((r) => setTimeout(r, 100));

    assert.ok(received.length >= 6, `${received.length} webhooks`);
    const types = received.map((t) => JSON.parse(t).event_type);
    for (const t of [
      "CUSTOMER.DISPUTE.CREATED",
      "CUSTOMER.DISPUTE.RESOLVED",
      "PAYMENT.CAPTURE.PENDING",
      "PAYMENT.CAPTURE.DENIED",
      "PAYMENT.CAPTURE.DECLINED",
    ]) {
      assert.ok(types.includes(t), `${t} delivered`);
    }
    const pendingReasons = received
      .map((t) => JSON.parse(t))
      .filter((e) => e.event_type === "PAYMENT.CAPTURE.PENDING")
      .map((e) => e.resource.status_details?.reason);
    assert.ok(pendingReasons.includes("ECHECK"), `a pending capture notified: ${pendingReasons}`);
    assert.ok(pendingReasons.includes("PENDING_REVIEW"), "the pending capture of a plain capture");
    // A refund made through the API is notified too.
    const refundedByApi = received
      .map((t) => JSON.parse(t))
      .filter(
        (e) =>
          e.event_type === "PAYMENT.CAPTURE.REFUNDED" &&
          e.resource.links.some((l: { href: string }) => l.href.endsWith(refundableCapture)),
      );
    assert.equal(refundedByApi.length, 2, "each of the two refunds the API made");
    for (const text of received) {
      const event = JSON.parse(text);
      conforms(webhooks, "event", event, `webhook ${event.event_type}`);
      if (event.resource_type === "dispute") {
        disputeConforms(event.resource, `webhook ${event.event_type} resource`);
        continue;
      }
      if (event.event_type === "PAYMENT.CAPTURE.PENDING" && event.resource.status_details) {
        assert.ok(
          ["PENDING_REVIEW", "BUYER_COMPLAINT", "ECHECK"].includes(
            event.resource.status_details.reason,
          ),
        );
      }
      const schema = event.resource_type === "refund" ? "refund" : "capture-2";
      conforms(payments, schema, event.resource, `webhook ${event.event_type} resource`);
      if (event.resource_type === "refund") {
        assert.ok(
          event.resource.links.some(
            (l: { rel: string; href: string }) =>
              l.rel === "up" && /\/v2\/payments\/captures\//.test(l.href),
          ),
        );
      }
    }

    const verify = await call("POST", "/v1/notifications/verify-webhook-signature", {
      auth_algo: "SHA256withRSA",
      cert_url: `${sim.url}/v1/notifications/certs/CERT-SIM`,
      transmission_id: crypto.randomUUID(),
      transmission_sig: "c2ln",
      transmission_time: new Date().toISOString(),
      webhook_id: SIM_WEBHOOK_ID,
      webhook_event: JSON.parse(received[0]!),
    });
    conforms(webhooks, "verify_webhook_signature_response", verify.body, "verify 200");
    conforms(
      webhooks,
      "verify_webhook_signature",
      {
        auth_algo: "SHA256withRSA",
        cert_url: "https://api.paypal.com/v1/notifications/certs/CERT-1",
        transmission_id: crypto.randomUUID(),
        transmission_sig: "c2ln",
        transmission_time: new Date().toISOString(),
        webhook_id: SIM_WEBHOOK_ID,
        webhook_event: {},
      },
      "the simulator's webhook id",
    );
    const bad = await call("POST", "/v1/notifications/verify-webhook-signature", {
      webhook_id: SIM_WEBHOOK_ID,
    });
    assert.equal(bad.status, 400);
    conforms(webhooks, "error", bad.body, "verify 400");
    assert.ok(checked > 25, `${checked} bodies checked`);
  } finally {
    abort.abort();
    await sink.finished;
    await sim.close();
  }
});
