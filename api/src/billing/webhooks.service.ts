import { billingMessages, webhookHeaderMessage } from "../../contracts/billing.ts";
import { ErrorCode } from "../../contracts/errors.ts";
import type { Deps } from "../platform/context.ts";
import { HttpError } from "../platform/http-error.ts";
import { settleCapture } from "./credit.service.ts";
import { recordDispute } from "./disputes.service.ts";
import { recordRefund } from "./refund-events.service.ts";
import { MONEY } from "./top-up.service.ts";

// PayPal webhooks.

const HEADER_RULES: [string, RegExp][] = [
  ["paypal-transmission-id", /^[\w-]{1,50}$/],
  ["paypal-transmission-time", /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/],
  ["paypal-transmission-sig", /^[A-Za-z0-9+/=_-]{8,1000}$/],
  ["paypal-auth-algo", /^[a-zA-Z0-9]{1,100}$/],
  ["paypal-cert-url", /^https?:\/\/[^\s]{1,490}$/],
];

/** A delivery without PayPal's signature headers is refused before any outbound call. */
export function assertSignatureHeaders(headers: Headers): void {
  for (const [name, rule] of HEADER_RULES) {
    const value = headers.get(name);
    if (!value || !rule.test(value)) {
      throw new HttpError(400, ErrorCode.validation, webhookHeaderMessage(name));
    }
  }
}

// deno-lint-ignore no-explicit-any
type WebhookEvent = { id?: string; event_type?: string; resource?: any };

const REFUND_EVENTS: Record<string, "refund" | "reversal"> = {
  "PAYMENT.CAPTURE.REFUNDED": "refund",
  "PAYMENT.CAPTURE.REVERSED": "reversal",
  "PAYMENT.REFUND.PENDING": "refund",
  "PAYMENT.REFUND.FAILED": "refund",
};
const DISPUTE_EVENTS = new Set([
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.UPDATED",
  "CUSTOMER.DISPUTE.RESOLVED",
]);
const CAPTURE_EVENTS = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
]);

/** The href of a resource's "up" link (a capture's order, a refund's capture). */
// deno-lint-ignore no-explicit-any
const upLink = (resource: any): string =>
  // deno-lint-ignore no-explicit-any
  (Array.isArray(resource.links) ? resource.links : []).find((l: any) => l?.rel === "up")?.href ??
  "";

/**
 * The order a capture event is about: its supplementary_data when PayPal sends it, else the order
 * in the capture's "up" link (PayPal's PENDING events carry only that), else the order that
 * already holds this capture id.
 */
// deno-lint-ignore no-explicit-any
async function orderOfCapture(deps: Deps, resource: any): Promise<string | undefined> {
  const related = resource.supplementary_data?.related_ids?.order_id;
  if (typeof related === "string") return related;
  const fromLink = /\/checkout\/orders\/([^/?#]+)$/.exec(upLink(resource))?.[1];
  if (fromLink) return fromLink;
  if (typeof resource.id !== "string") return undefined;
  const [row] = await deps.sql<{ id: string }[]>`
    select id from paypal_orders where capture_id = ${resource.id}`;
  return row?.id;
}

/**
 * PayPal webhooks, verified by PayPal itself over the raw body as delivered. Capture events go
 * through the same settling path as the page's capture call (a browser closed right after approval
 * still gets its credits). Refund events, PAYMENT.CAPTURE.REVERSED included, carry a refund: its
 * own id, status and amount, and the capture in the links entry with rel "up".
 */
export async function handleWebhook(
  deps: Deps,
  headers: Headers,
  rawBody: string,
): Promise<"processed" | "duplicate" | "ignored"> {
  assertSignatureHeaders(headers);
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, ErrorCode.validation, billingMessages.invalidJson);
  }
  if (!event || typeof event !== "object" || Array.isArray(event)) {
    throw new HttpError(400, ErrorCode.validation, billingMessages.invalidJson);
  }
  let verified: boolean;
  try {
    verified = await deps.paypal.verifyWebhook(headers, rawBody);
  } catch {
    // PayPal retries a delivery that did not get a 2xx, so an unverifiable one is retried later.
    throw new HttpError(502, ErrorCode.providerFailed, billingMessages.webhookUnavailable);
  }
  if (!verified) throw new HttpError(400, ErrorCode.validation, billingMessages.webhookSignature);
  if (!event.id || !event.event_type) return "ignored";
  const [seen] = await deps.sql`select 1 from paypal_webhook_events where id = ${event.id}`;
  if (seen) return "duplicate";

  const resource = event.resource ?? {};
  let outcome: "processed" | "ignored" = "ignored";
  const refundKind = REFUND_EVENTS[event.event_type];
  if (CAPTURE_EVENTS.has(event.event_type)) {
    const orderId = await orderOfCapture(deps, resource);
    if (
      typeof orderId === "string" &&
      typeof resource.id === "string" &&
      typeof resource.status === "string"
    ) {
      const settled = await settleCapture(
        deps.sql,
        deps.config.PAYPAL_RECONCILE_AFTER_SECONDS,
        orderId,
        {
          id: resource.id,
          status: resource.status,
          amount: resource.amount,
          status_details: resource.status_details,
        },
        null,
        "webhook",
      );
      outcome =
        settled.kind === "mismatch" || settled.kind === "not_captured" ? "ignored" : "processed";
    }
  } else if (refundKind) {
    const captureId = /\/captures\/([^/?#]+)$/.exec(upLink(resource))?.[1];
    const value: unknown = resource.amount?.value;
    if (
      captureId &&
      typeof resource.id === "string" &&
      typeof resource.status === "string" &&
      typeof value === "string" &&
      MONEY.test(value) &&
      Number(value) > 0
    ) {
      const known = await recordRefund(deps.sql, {
        refundId: resource.id,
        captureId,
        kind: refundKind,
        status: resource.status,
        amount: value,
        currency: String(resource.amount?.currency_code ?? ""),
      });
      outcome = known ? "processed" : "ignored";
    }
  } else if (DISPUTE_EVENTS.has(event.event_type)) {
    outcome = (await handleDispute(deps, event.event_type, resource)) ? "processed" : "ignored";
  }
  const resourceId =
    typeof resource.id === "string"
      ? resource.id
      : typeof resource.dispute_id === "string"
        ? resource.dispute_id
        : null;
  await deps.sql`
    insert into paypal_webhook_events (id, event_type, resource_id)
    values (${event.id}, ${event.event_type}, ${resourceId})
    on conflict do nothing`;
  return outcome;
}

/**
 * CUSTOMER.DISPUTE.*: PayPal's dispute resource names our captures in
 * disputed_transactions[].seller_transaction_id, the amount in dispute_amount and, once resolved,
 * the outcome in dispute_outcome.outcome_code. Each of our captures in it is recorded and applied
 * (disputes.service.ts), whatever order the events come in.
 */
// deno-lint-ignore no-explicit-any
async function handleDispute(deps: Deps, eventType: string, resource: any): Promise<boolean> {
  const disputeId: unknown = resource.dispute_id;
  const transactions: unknown = resource.disputed_transactions;
  if (typeof disputeId !== "string" || !Array.isArray(transactions)) return false;
  const status = typeof resource.status === "string" ? resource.status : "";
  const code: unknown = resource.dispute_outcome?.outcome_code;
  const resolved = eventType === "CUSTOMER.DISPUTE.RESOLVED" || status === "RESOLVED";
  const outcome = resolved ? (typeof code === "string" && code ? code : "NONE") : null;
  const refunded: unknown = resource.dispute_outcome?.amount_refunded?.value;
  let known = false;
  for (const t of transactions) {
    const captureId: unknown = t?.seller_transaction_id;
    // One transaction: the dispute's amount; several: each one's own gross amount.
    const money =
      transactions.length === 1
        ? resource.dispute_amount
        : (t.gross_amount ?? resource.dispute_amount);
    const value: unknown = money?.value;
    if (typeof captureId !== "string" || typeof value !== "string" || !MONEY.test(value)) continue;
    if (Number(value) <= 0) continue;
    const recorded = await recordDispute(deps.sql, {
      disputeId,
      captureId,
      amount: value,
      currency: String(money.currency_code ?? ""),
      paypalStatus: status,
      outcome,
      refunded:
        transactions.length === 1 &&
        typeof refunded === "string" &&
        MONEY.test(refunded) &&
        Number(refunded) > 0
          ? refunded
          : null,
    });
    known ||= recorded;
  }
  return known;
}
